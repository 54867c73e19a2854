import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { onUnauthorized, setCsrfToken } from "../api/client.ts";
import { sessionApi } from "../api/endpoints.ts";
import type { TSessionUser } from "@brandwarden/contract/browser/session";

interface SessionState {
  user: TSessionUser | null;
  loading: boolean;
  error: string | null;
  refresh(): Promise<void>;
  setUser(user: TSessionUser | null): void;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<TSessionUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const info = await sessionApi.get();
      setCsrfToken(info.csrf_token);
      setUser(info.user);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
    return onUnauthorized(() => setUser(null));
  }, [refresh]);

  return (
    <SessionContext.Provider value={{ user, loading, error, refresh, setUser }}>
      {children}
    </SessionContext.Provider>
  );
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession outside SessionProvider");
  return ctx;
}
