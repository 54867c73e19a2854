import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { bearerAuth } from "@brandwarden/platform/http/bearer-auth";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import type { WorkerContainer } from "./container.ts";
import { registerWorkerHealth } from "./health/health.routes.ts";
import { registerPendingRoutes } from "./api/not-implemented.routes.ts";

/** Builds the worker's HTTP surface; never listens, so tests drive it with `inject`. */
export async function buildWorkerApp(container: WorkerContainer): Promise<FastifyInstance> {
  const app = Fastify({
    // pino 10 and fastify's bundled pino types differ only nominally.
    loggerInstance: container.infra.logger as unknown as FastifyBaseLogger,
    bodyLimit: 10 * 1024 * 1024,
  });
  installErrorHandler(app);
  registerWorkerHealth(app, container.infra.pingRedis);
  await app.register(
    async (api) => {
      api.addHook("onRequest", bearerAuth(container.config.internalApiToken));
      registerPendingRoutes(api, new Set());
    },
    { prefix: "/api/v1" },
  );
  return app;
}
