import type { FastifyInstance } from "fastify";
import type { MetricsRegistry } from "./registry.ts";

/** Seconds: from a health check's few milliseconds to a PDF report's minutes. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180];

/**
 * Counts every answered request by route pattern (`/api/v1/scan/start`, `/scans/:id`: never the
 * raw URL, whose ids would make a series each) and status, with its latency. Requests no route
 * matched are `route="unmatched"`.
 */
export function instrumentHttp(app: FastifyInstance, metrics: MetricsRegistry): void {
  const requests = metrics.counter("http_requests_total", "HTTP requests answered, by route pattern and status", ["method", "route", "status"]); // prettier-ignore
  const latency = metrics.histogram("http_request_duration_seconds", "Time to answer an HTTP request, by route pattern", ["method", "route"], LATENCY_BUCKETS); // prettier-ignore
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const labels = { method: request.method, route };
    requests.inc({ ...labels, status: String(reply.statusCode) });
    latency.observe(labels, reply.elapsedTime / 1000);
  });
}
