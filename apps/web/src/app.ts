import { existsSync } from "node:fs";
import path from "node:path";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { bearerAuth } from "@brandwarden/platform/http/bearer-auth";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import type { WebContainer } from "./container.ts";
import { registerScanEventRoutes } from "./live/scan-events.routes.ts";
import { registerAccountRoutes } from "./modules/account/account.routes.ts";
import { registerAdminRoutes } from "./modules/admin/admin.routes.ts";
import { registerDashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { registerHealthRoutes } from "./modules/health/health.routes.ts";
import { registerMediaRoutes } from "./modules/media/media.routes.ts";
import { registerReportRoutes } from "./modules/reports/reports.routes.ts";
import { registerAuditRoutes } from "./modules/scans/audit.routes.ts";
import { registerScoringRoutes } from "./modules/scoring/scoring.routes.ts";
import { installSessions } from "./modules/sessions/session.plugin.ts";
import { registerSessionRoutes } from "./modules/sessions/sessions.routes.ts";
import { registerSettingsRoutes } from "./modules/settings/settings.routes.ts";
import { registerTakedownRoutes } from "./modules/takedowns/takedowns.routes.ts";
import { registerTriageRoutes } from "./modules/triage/triage.routes.ts";
import { registerUserInternalRoutes } from "./modules/users/users.routes.ts";

/** Builds the web application; never listens, so tests drive it with `inject`. */
export async function buildWebApp(container: WebContainer): Promise<FastifyInstance> {
  const { config, infra, services: s, deps } = container;
  const app = Fastify({
    // pino 10 and fastify's bundled pino types differ only nominally.
    loggerInstance: infra.logger as unknown as FastifyBaseLogger,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  // The single-page UI, when built: its files, and index.html for the client routes.
  const uiDir = path.resolve(config.webUiDir);
  const hasUi = existsSync(path.join(uiDir, "index.html"));
  installErrorHandler(app, {
    notFound: async (req, reply) => {
      const wantsPage = hasUi && req.method === "GET" && (req.headers.accept ?? "").includes("text/html");
      if (wantsPage) await reply.sendFile("index.html");
      return wantsPage;
    },
  });
  registerHealthRoutes(app, infra);

  // Internal API /v1: bearer token on every route, no CSRF (not a browser surface).
  await app.register(async (internal) => {
    internal.addHook("onRequest", bearerAuth(config.internalApiToken));
    registerScoringRoutes(internal, s.scoring);
    registerSettingsRoutes(internal, s.settings);
    registerUserInternalRoutes(internal, s.users);
    registerAuditRoutes(internal, s.audit);
  });

  // Browser JSON routes: cookie session, CSRF on every state-changing request.
  await app.register(async (browser) => {
    await browser.register(cookie, { secret: container.sessionSecret });
    await browser.register(multipart);
    installSessions(browser, { sessions: deps.sessions, secure: config.secureCookies });
    registerSessionRoutes(browser, s.auth, { secure: config.secureCookies });
    registerAccountRoutes(browser, { db: infra.db, account: s.account, blobs: infra.blobs });
    registerDashboardRoutes(browser, {
      db: infra.db,
      scans: s.scans,
      findings: deps.findingsQuery,
      worker: deps.worker,
    });
    registerScanEventRoutes(browser, { scans: s.scans, hub: container.hub });
    registerTriageRoutes(browser, s.triage);
    registerTakedownRoutes(browser, { db: infra.db, worker: deps.worker, auditEvents: deps.auditEvents });
    registerReportRoutes(browser, { db: infra.db, scans: s.scans, blobs: infra.blobs });
    registerMediaRoutes(browser, { db: infra.db, blobs: infra.blobs });
    registerAdminRoutes(browser, { db: infra.db, users: s.users, settings: s.settings });
  });

  if (hasUi)
    await app.register(fastifyStatic, { root: uiDir, prefix: "/", wildcard: false, index: ["index.html"] });
  return app;
}
