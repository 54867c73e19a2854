import type { FastifyInstance } from "fastify";
import { WORKER_PATHS } from "@brandwarden/contract/worker-api";
import { ZWatchRequest, type TWatchRequest, type TWatchUpdateData } from "@brandwarden/contract/watch";
import { AppError } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
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
  },
): WatchRunner {
  const running = new Map<string, Promise<void>>();
  return {
    start(req) {
      if (running.has(req.user_id)) return false;
      const task = runWatchRound(req, { ...deps, publish: deps.publisher() })
        .then(
          (stats) =>
            deps.logger.info({ watch_id: req.watch_id, user_id: req.user_id, ...stats }, "watch round done"),
          (err: unknown) => deps.logger.error({ watch_id: req.watch_id, err }, "watch round failed"),
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

/** `POST /watch` (`ZWatchRequest`): 202 at once; the round's results come back as `watch_update` events. */
export function registerWatchRoutes(api: FastifyInstance, runner: WatchRunner): void {
  api.post(WORKER_PATHS.watch, async (request, reply) => {
    const body = validate(ZWatchRequest, request.body);
    if (!runner.start(body))
      throw new AppError("conflict", "A watch round is already running for this user", {
        user_id: body.user_id,
      });
    return reply.code(202).send({ accepted: true });
  });
}
