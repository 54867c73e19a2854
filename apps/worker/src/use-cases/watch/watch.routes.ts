import type { FastifyInstance } from "fastify";
import { WORKER_PATHS } from "@brandwarden/contract/worker-api";
import { ZWatchRequest } from "@brandwarden/contract/watch";
import { AppError } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import type { WatchRunner } from "./watch-runner.ts";

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
