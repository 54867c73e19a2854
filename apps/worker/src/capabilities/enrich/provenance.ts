import { errorCode, errorMessage } from "../../lib/network-errors.ts";

// Every field group of a finding says where it came from and when. `unknown`: the lookup was
// tried and failed (the fields stay null = unknown, never "absent"); `unavailable`: the source
// is not configured or a dependency is missing.

type SourceStatus = "ok" | "unknown" | "unavailable";

export interface Provenance {
  source: string;
  at: string;
  status: SourceStatus;
  error?: string;
  [extra: string]: unknown;
}

export function ok(source: string, extra: Record<string, unknown> = {}): Provenance {
  return { source, at: new Date().toISOString(), status: "ok", ...extra };
}

export function unknown(source: string, err: unknown, extra: Record<string, unknown> = {}): Provenance {
  const error = typeof err === "string" ? err : `${errorCode(err)}: ${errorMessage(err)}`;
  return { source, at: new Date().toISOString(), status: "unknown", error, ...extra };
}

export function unavailable(source: string, reason: string, extra: Record<string, unknown> = {}): Provenance {
  return { source, at: new Date().toISOString(), status: "unavailable", error: reason, ...extra };
}

/** Rejects with a coded timeout error when `p` has not settled in `ms`. */
export function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`${what} timed out after ${ms} ms`), { code: "ETIMEDOUT" })),
      ms,
    );
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}
