import type { Logger } from "@brandwarden/platform/logger/logger";

/** What the web app is waiting for while held work cannot be applied. */
export type WaitingFor = "database" | "dependency";
/** What is waited for, since when (ISO 8601). */
export type WaitState = { for: WaitingFor; since: string };

/**
 * The visible "waiting for the database" state: the event consumer reports each connection error
 * and each success here; the log says so once per outage (start and end, with its length), and
 * /healthz reads `state()`. Whether it is the database is asked, not guessed: `pingDb` is tried.
 */
export function createDependencyWait(deps: {
  logger: Logger;
  pingDb: () => Promise<void>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let waiting: { for: WaitingFor; since: number } | null = null;
  let checking: Promise<void> | null = null;
  const listeners = new Set<(state: WaitState | null) => void>();
  const state = (): WaitState | null =>
    waiting ? { for: waiting.for, since: new Date(waiting.since).toISOString() } : null;
  const changed = () => {
    const now = state();
    for (const listener of listeners) listener(now);
  };

  async function classify(): Promise<WaitingFor> {
    try {
      await deps.pingDb();
      return "dependency";
    } catch {
      return "database";
    }
  }

  return {
    /** A handler failed with a connection error: its work waits (logged once per outage). */
    async failed(err: unknown, context: Record<string, unknown> = {}): Promise<void> {
      if (waiting) return;
      // Concurrent failures of one outage log once.
      checking ??= classify().then((what) => {
        if (!waiting) {
          waiting = { for: what, since: now() };
          deps.logger.warn(
            { err, ...context },
            what === "database"
              ? "waiting for the database: events are held and applied once it is back"
              : "waiting for an unreachable dependency: events are held and applied once it is back",
          );
          changed();
        }
      });
      await checking.finally(() => (checking = null));
    },
    /** A handler succeeded: any outage is over. */
    succeeded(): void {
      if (!waiting) return;
      deps.logger.info(
        { waited_ms: now() - waiting.since, waited_for: waiting.for },
        waiting.for === "database"
          ? "the database is back; held events applied"
          : "dependency back; held events applied",
      );
      waiting = null;
      changed();
    },
    /** Null while nothing waits. */
    state,
    /** Calls `listener` when waiting starts or ends (open event streams tell the dashboard); returns unsubscribe. */
    subscribe(listener: (state: WaitState | null) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type DependencyWait = ReturnType<typeof createDependencyWait>;
