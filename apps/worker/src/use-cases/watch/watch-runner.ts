import type { TWatchRequest, TWatchUpdateData } from "@brandwarden/contract/watch";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { runWatchRound, type WatchRoundDeps } from "./watch-round.ts";

export interface WatchRunner {
  /** Starts a round in the background; false when one for the same user is still running here. */
  start(req: TWatchRequest): boolean;
  /** Resolves when every round started so far has ended (tests, shutdown). */
  drain(): Promise<void>;
}

/** Runs watch rounds in the background, one per user at a time; each publishes through its own publisher. */
export function createWatchRunner(
  deps: Omit<WatchRoundDeps, "publish"> & {
    publisher: () => (data: TWatchUpdateData) => Promise<void>;
    logger: Logger;
    /** Told how each round ended (metrics). */
    onRoundEnded?: (outcome: "completed" | "failed") => void;
  },
): WatchRunner {
  const running = new Map<string, Promise<void>>();
  return {
    start(req) {
      if (running.has(req.user_id)) return false;
      const task = runWatchRound(req, { ...deps, publish: deps.publisher() })
        .then(
          (stats) => {
            deps.onRoundEnded?.("completed");
            deps.logger.info({ watch_id: req.watch_id, user_id: req.user_id, ...stats }, "watch round done");
          },
          (err: unknown) => {
            deps.onRoundEnded?.("failed");
            deps.logger.error({ watch_id: req.watch_id, err }, "watch round failed");
          },
        )
        .finally(() => running.delete(req.user_id));
      running.set(req.user_id, task);
      return true;
    },
    async drain() {
      while (running.size) await Promise.allSettled([...running.values()]);
    },
  };
}
