import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { installErrorHandler } from "../http/error-handler.ts";
import { instrumentHttp } from "./http-metrics.ts";
import { registerMetricsRoute } from "./metrics-route.ts";
import { createMetricsRegistry } from "./registry.ts";
import { parsePrometheusText, samples, total } from "../../testing/prometheus-text.ts";

const TOKEN = "metrics-test-token-0123456789";
const apps: FastifyInstance[] = [];

async function build(token: string | undefined) {
  const app = Fastify();
  apps.push(app);
  installErrorHandler(app);
  const metrics = createMetricsRegistry("web");
  instrumentHttp(app, metrics);
  registerMetricsRoute(app, { metrics, token });
  app.get("/things/:id", async () => ({ ok: true }));
  await app.ready();
  return app;
}

const scrape = (app: FastifyInstance, authorization?: string) =>
  app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe("GET /metrics", () => {
  it("is off without METRICS_TOKEN: 404 saying how to turn it on, whatever the caller sends", async () => {
    const app = await build(undefined);
    for (const auth of [undefined, `Bearer ${TOKEN}`]) {
      const res = await scrape(app, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: "not_found",
        message: expect.stringContaining("set METRICS_TOKEN"),
      });
    }
    // An empty METRICS_TOKEN is no token: nothing matches it.
    expect((await scrape(await build(""), "Bearer ")).statusCode).toBe(404);
  });

  it("refuses a missing, malformed or wrong bearer token with 401", async () => {
    const app = await build(TOKEN);
    for (const auth of [undefined, TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, "Bearer wrong"]) {
      const res = await scrape(app, auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.json()).toEqual({ error: "unauthorized", message: "Missing or invalid bearer token" });
      expect(res.body).not.toContain("brandwarden_");
    }
  });

  it("answers the Prometheus text format with requests counted by route pattern", async () => {
    const app = await build(TOKEN);
    await app.inject({ method: "GET", url: "/things/42" });
    await app.inject({ method: "GET", url: "/things/43?x=1" });
    await app.inject({ method: "GET", url: "/nowhere/7" });
    const res = await scrape(app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain("# TYPE brandwarden_http_requests_total counter");
    const all = parsePrometheusText(text);
    expect(total(all, "brandwarden_http_requests_total", { route: "/things/:id", status: "200" })).toBe(2);
    expect(total(all, "brandwarden_http_requests_total", { route: "unmatched", status: "404" })).toBe(1);
    expect(text).not.toContain("/things/42");
    const latency = { route: "/things/:id", method: "GET", service: "web" };
    expect(total(all, "brandwarden_http_request_duration_seconds_count", latency)).toBe(2);
    expect(total(all, "brandwarden_http_request_duration_seconds_bucket", { ...latency, le: "+Inf" })).toBe(
      2,
    );
    // prom-client's default process metrics come along.
    expect(samples(all, "process_cpu_user_seconds_total", { service: "web" })).toHaveLength(1);
  });
});
