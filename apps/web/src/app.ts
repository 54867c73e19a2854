import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { bearerAuth } from "@brandwarden/platform/http/bearer-auth";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import type { WebContainer } from "./container.ts";
import { registerHealthRoutes } from "./modules/health/health.routes.ts";
import { registerScoringRoutes } from "./modules/scoring/scoring.routes.ts";
import { registerSettingsRoutes } from "./modules/settings/settings.routes.ts";
import { registerUserInternalRoutes } from "./modules/users/users.routes.ts";
import { registerAuditRoutes } from "./modules/scans/audit.routes.ts";

/** Builds the web application; never listens, so tests drive it with `inject`. */
export async function buildWebApp(container: WebContainer): Promise<FastifyInstance> {
  const app = Fastify({
    // pino 10 and fastify's bundled pino types differ only nominally.
    loggerInstance: container.infra.logger as unknown as FastifyBaseLogger,
    bodyLimit: 10 * 1024 * 1024,
  });
  installErrorHandler(app);
  registerHealthRoutes(app, container.infra);

  // Internal API /v1: bearer token on every route, no CSRF (not a browser surface).
  await app.register(async (internal) => {
    internal.addHook("onRequest", bearerAuth(container.config.internalApiToken));
    registerScoringRoutes(internal, container.services.scoring);
    registerSettingsRoutes(internal, container.services.settings);
    registerUserInternalRoutes(internal, container.services.users);
    registerAuditRoutes(internal, container.services.audit);
  });
  return app;
}
