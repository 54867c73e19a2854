import { requestTimeoutOptions } from "@brandwarden/platform/http/request-timeout";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { bearerAuth } from "@brandwarden/platform/http/bearer-auth";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { requestLogger } from "@brandwarden/platform/logger/request-log";
import type { WorkerContainer } from "./container.ts";
import { registerWorkerHealth } from "./use-cases/health/health.routes.ts";
import { instrumentHttp } from "@brandwarden/platform/metrics/http-metrics";
import { registerMetricsRoute } from "@brandwarden/platform/metrics/metrics-route";
import { registerScanRoutes } from "./use-cases/scan/scan.routes.ts";
import { registerReportRoutes } from "./use-cases/reports/report.routes.ts";
import { registerTakedownRoutes } from "./use-cases/takedowns/takedown.routes.ts";
import { registerTakedownCaseRoutes } from "./use-cases/takedowns/takedown-cases.routes.ts";
import { registerSocialEnrichRoutes } from "./use-cases/owned-profiles/social-enrich.routes.ts";
import { registerDomainEnrichRoutes } from "./use-cases/owned-profiles/domain-enrich.routes.ts";
import { registerKeywordRoutes } from "./use-cases/keywords/keywords.routes.ts";
import type { KeywordExpansionDeps } from "./use-cases/keywords/keyword-expansion.ts";
import {
  registerNarrativeRoutes,
  type NarrativeRouteDeps,
} from "./use-cases/narratives/narratives.routes.ts";
import { registerWatchRoutes } from "./use-cases/watch/watch.routes.ts";
import { createAiProse } from "./use-cases/reports/ai-summary.ts";
import { createAiPolish } from "./use-cases/takedowns/ai-polish.ts";

/** Builds the worker's HTTP surface; never listens, so tests drive it with `inject`. */
export async function buildWorkerApp(container: WorkerContainer): Promise<FastifyInstance> {
  const { infra } = container;
  // The AI uses' logger: their fallbacks to deterministic text are counted as they are logged.
  const aiLogger = container.metrics.llm.countingFallbacks(infra.logger);
  const app = Fastify({
    // pino 10 and fastify's bundled pino types differ only nominally.
    loggerInstance: requestLogger(infra.logger) as unknown as FastifyBaseLogger,
    bodyLimit: 10 * 1024 * 1024,
    ...requestTimeoutOptions(container.config.requestTimeoutMs),
  });
  installErrorHandler(app);
  instrumentHttp(app, container.metrics.registry);
  registerWorkerHealth(app, infra.pingRedis);
  // Outside /api/v1: its own token (METRICS_TOKEN), never the internal one.
  registerMetricsRoute(app, { metrics: container.metrics.registry, token: container.config.metricsToken });
  await app.register(
    async (api) => {
      api.addHook("onRequest", bearerAuth(container.config.internalApiToken));
      registerScanRoutes(api, container.runner);
      registerWatchRoutes(api, container.watch);
      registerReportRoutes(api, {
        web: container.web,
        prose: createAiProse(container.ai),
        logger: aiLogger,
      });
      registerTakedownRoutes(api, {
        web: container.web,
        polish: createAiPolish(container.ai),
        logger: aiLogger,
      });
      registerTakedownCaseRoutes(api, container.takedowns);
      registerAiRoutes(api, {
        web: container.web,
        ai: container.ai,
        logger: aiLogger,
        // Keyword-expansion failures surface on the event stream (contract part 4.4).
        publish: (kind, data) => container.publisher.publish(kind, data),
      });
      registerDomainEnrichRoutes(api, {
        profileOwnedDomain: (domain) => container.enricher.profileOwnedDomain(domain),
        publish: (kind, data) => container.publisher.publish(kind, data as never),
        logger: infra.logger,
      });
      registerSocialEnrichRoutes(api, {
        runtime: container.social,
        publish: (kind, data) => container.publisher.publish(kind, data),
        log: (level, message) => infra.logger[level]({ route: "social/enrich" }, message),
      });
    },
    { prefix: "/api/v1" },
  );
  return app;
}

/**
 * The two routes that read the AI setting: campaign narratives and keyword expansion. Returns the
 * handle on the background expansions (tests and shutdown await them).
 */
export function registerAiRoutes(api: FastifyInstance, deps: NarrativeRouteDeps & KeywordExpansionDeps) {
  registerNarrativeRoutes(api, deps);
  return registerKeywordRoutes(api, deps);
}
