import { existsSync } from "node:fs";
import path from "node:path";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { serializerCompiler } from "fastify-type-provider-zod";
import { bearerAuth } from "@brandwarden/platform/http/bearer-auth";
import { zodValidatorCompiler } from "@brandwarden/platform/http/zod-validator";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { requestTimeoutOptions } from "@brandwarden/platform/http/request-timeout";
import { instrumentHttp } from "@brandwarden/platform/metrics/http-metrics";
import { registerMetricsRoute } from "@brandwarden/platform/metrics/metrics-route";
import type { WebConfig } from "./config.ts";
import type { WebContainer } from "./container.ts";
import { registerAiAuditRoutes } from "./modules/ai-audit/ai-audit.routes.ts";
import { registerBrandContextRoutes } from "./modules/brand-profile/brand-context.routes.ts";
import { registerBrandProfileRoutes } from "./modules/brand-profile/brand-profile.routes.ts";
import { registerMonitoredBrandsRoutes } from "./modules/brand-profile/monitored-brands.routes.ts";
import { MULTIPART_LIMITS } from "./lib/multipart-limits.ts";
import { installPageNegotiation } from "./lib/page-negotiation.ts";
import { requestLogger } from "@brandwarden/platform/logger/request-log";
import { registerApiTokenRoutes } from "./modules/api-tokens/api-tokens.routes.ts";
import { registerAdminRoutes } from "./modules/admin/admin.routes.ts";
import { registerWeightsAdminRoutes } from "./modules/admin/weights.routes.ts";
import { registerNarrativeRoutes } from "./modules/reports/narratives.routes.ts";
import { registerWebhookSnapshotRoutes } from "./modules/webhooks/webhook-snapshot.routes.ts";
import { registerSnapshotLinkRoutes } from "./modules/webhooks/snapshot-links.routes.ts";
import { registerFindingsRoutes } from "./modules/findings/findings.routes.ts";
import { registerScanRoutes } from "./modules/scans/scans.routes.ts";
import { registerScanEventRoutes } from "./modules/scans/scan-events.routes.ts";
import { registerHealthRoutes } from "./modules/health/health.routes.ts";
import { registerMediaRoutes } from "./modules/media/media.routes.ts";
import { registerReportRoutes } from "./modules/reports/reports.routes.ts";
import { registerScoringRoutes } from "./modules/scoring/scoring.routes.ts";
import { installSessions } from "./modules/sessions/session.plugin.ts";
import { registerSessionRoutes } from "./modules/sessions/sessions.routes.ts";
import { registerSettingsRoutes } from "./modules/settings/settings.routes.ts";
import { registerTakedownRoutes } from "./modules/takedowns/takedowns.routes.ts";
import { registerStixRoutes } from "./modules/threat-intel/stix-export.routes.ts";
import { registerTaxiiRoutes } from "./modules/threat-intel/taxii.routes.ts";
import {
  registerReportTakedownRoutes,
  registerTakedownCaseRoutes,
} from "./modules/takedowns/takedown-cases.routes.ts";
import { registerMispRoutes } from "./modules/threat-intel/misp.routes.ts";
import { registerTriageRoutes } from "./modules/triage/triage.routes.ts";
import { registerAlertRoutes } from "./modules/alerts/alerts.routes.ts";
import { registerMonitoringRoutes } from "./modules/monitoring/monitoring.routes.ts";
import { installOpenApi } from "./plugins/openapi.ts";
import { installSecurityHeaders } from "./plugins/security-headers.ts";

/**
 * TRUST_PROXY for Fastify: a hop count trusts that many nearest hops (Fastify's own number
 * trusts none), so with 1 the address the proxy appended is the client's, whatever it forged.
 */
const proxyTrust = (trust: WebConfig["trustProxy"]) =>
  typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;

/** Builds the web application; never listens, so tests drive it with `inject`. */
export async function buildWebApp(container: WebContainer): Promise<FastifyInstance> {
  const { config, infra, services: s, deps } = container;
  const app = Fastify({
    // pino 10 and fastify's bundled pino types differ only nominally. Request URLs are logged redacted.
    loggerInstance: requestLogger(infra.logger) as unknown as FastifyBaseLogger,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: proxyTrust(config.trustProxy),
    ...requestTimeoutOptions(config.requestTimeoutMs),
  });
  // Routes that declare a response schema (zod, from @brandwarden/contract/browser) answer
  // exactly that shape: a reply that does not fit it is a 500, never a silent leak.
  app.setSerializerCompiler(serializerCompiler);
  // Request schemas routes declare (body, query, params) are zod, failing as validate() does (422).
  app.setValidatorCompiler(zodValidatorCompiler);
  await installSecurityHeaders(app, { https: config.secureCookies });
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
  // Reloads, bookmarks and new tabs of UI pages get the UI, even where a JSON route shares the path.
  if (hasUi) installPageNegotiation(app);
  // Before the routes: the OpenAPI document collects them as they are registered.
  await installOpenApi(app, { publicUrl: config.publicUrl });
  instrumentHttp(app, container.metrics.registry);
  registerHealthRoutes(app, { pingDb: infra.pingDb, pingRedis: infra.pingRedis, wait: container.wait });
  // Prometheus scrapes with a token of its own (METRICS_TOKEN): neither a session nor the internal token.
  registerMetricsRoute(app, { metrics: container.metrics.registry, token: config.metricsToken });
  // Webhook receivers page a scan's snapshot with the signed URL they were sent (no session).
  registerWebhookSnapshotRoutes(app, { service: s.webhookSnapshots, publicUrl: config.publicUrl });

  // Internal API /v1: bearer token on every route, no CSRF (not a browser surface).
  await app.register(async (internal) => {
    internal.addHook("onRequest", bearerAuth(config.internalApiToken));
    registerScoringRoutes(internal, s.scoring);
    registerSettingsRoutes(internal, s.settings);
    registerBrandContextRoutes(internal, s.brandContext);
    registerMonitoredBrandsRoutes(internal, s.monitoredBrands);
    registerAiAuditRoutes(internal, s.aiAudit);
    registerReportTakedownRoutes(internal, s.takedownCases);
  });

  // Browser JSON routes: cookie session, CSRF on every state-changing request.
  await app.register(async (browser) => {
    await browser.register(cookie, { secret: container.sessionSecret });
    await browser.register(multipart, { limits: MULTIPART_LIMITS });
    const sessionCookies = installSessions(browser, {
      sessions: deps.sessions,
      streams: deps.sessionStreams,
      secure: config.secureCookies,
      secret: container.sessionSecret,
      maxAgeMs: config.session.maxAgeMs,
      tokens: (token) => s.apiTokens.authenticate(token),
    });
    registerSessionRoutes(browser, s.auth, sessionCookies);
    registerSnapshotLinkRoutes(browser, { users: s.users });
    registerApiTokenRoutes(browser, { apiTokens: s.apiTokens, streams: deps.sessionStreams });
    const actFor = deps.actFor;
    actFor.install(browser);
    registerBrandProfileRoutes(browser, { brandProfile: s.brandProfile, actFor });
    registerScanRoutes(browser, { scans: s.scans, actFor });
    registerFindingsRoutes(browser, { scans: s.scans, findings: s.findings, actFor });
    registerScanEventRoutes(browser, { scans: s.scans, hub: container.hub, actFor, wait: container.wait });
    registerNarrativeRoutes(browser, { scans: s.scans, narratives: s.narratives, actFor });
    registerTriageRoutes(browser, { triage: s.triage, actFor });
    registerTakedownRoutes(browser, { takedowns: s.takedowns, actFor });
    registerTakedownCaseRoutes(browser, { cases: s.takedownCases, actFor });
    registerReportRoutes(browser, { scans: s.scans, reports: s.reports, actFor });
    registerMediaRoutes(browser, { media: s.media, actFor });
    registerAdminRoutes(browser, { users: s.users, settings: s.settings });
    registerWeightsAdminRoutes(browser, s.weightsAdmin);
    registerAlertRoutes(browser, { alerts: s.alerts, actFor });
    registerMonitoringRoutes(browser, { lookalikes: s.monitoring.lookalikes, scans: s.scans, actFor });
    registerMispRoutes(browser, { mispExport: s.mispExport, actFor });
    registerStixRoutes(browser, { intel: s.intel, scans: s.scans, actFor });
    await registerTaxiiRoutes(browser, { intel: s.intel, actFor });
  });

  if (hasUi)
    await app.register(fastifyStatic, { root: uiDir, prefix: "/", wildcard: false, index: ["index.html"] });
  return app;
}
