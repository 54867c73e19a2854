import type { FastifyInstance } from "fastify";
import { AppError } from "../http/app-error.ts";
import { tokensMatch } from "../http/bearer-auth.ts";
import type { MetricsRegistry } from "./registry.ts";

/**
 * `GET /metrics` in Prometheus text format, behind a bearer token of its own (METRICS_TOKEN), never
 * the internal API token or a user's session. Without a token the route says metrics are off
 * (404); a wrong or missing token is 401, compared in constant time.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  opts: { metrics: MetricsRegistry; token: string | undefined },
): void {
  const { registry } = opts.metrics;
  app.get("/metrics", async (request, reply) => {
    const token = opts.token;
    if (token === undefined || token === "")
      throw new AppError("not_found", "Metrics are off: set METRICS_TOKEN to serve them at /metrics");
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? "");
    if (match === null || !tokensMatch(match[1]!, token))
      throw new AppError("unauthorized", "Missing or invalid bearer token");
    const text = await registry.metrics();
    return reply.header("content-type", registry.contentType).header("cache-control", "no-store").send(text);
  });
}
