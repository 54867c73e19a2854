import { expect } from "vitest";
import { SCAN_STAGES } from "@brandwarden/contract/constants";
import type { TStageStates } from "@brandwarden/contract/scan";
import {
  parsePrometheusText,
  samples,
  total,
  type Sample,
} from "@brandwarden/platform/testing/prometheus-text";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import type { RunningProduct } from "./world-product.ts";

/** The product's METRICS_TOKEN in the tests that scrape it. */
export const METRICS_TOKEN = "e2e-metrics-token-0123456789";
/** world-product's INTERNAL_API_TOKEN: it must not open /metrics. */
const INTERNAL_TOKEN = "e2e-internal-token-0123456789";

const scrape = (base: string, token?: string) =>
  fetch(`${base}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function scrapeOk(base: string): Promise<Sample[]> {
  const res = await scrape(base, METRICS_TOKEN);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  return parsePrometheusText(await res.text());
}

/**
 * What an operator's Prometheus sees after completed scans against the world (embedded
 * deployment): both services' /metrics, behind METRICS_TOKEN alone, count the scans, their stages
 * (`stages`: one scan's stage states), the requests the worker made to the outside and the HTTP
 * routes each service answered.
 */
export async function expectScanMetrics(running: RunningProduct, stages: TStageStates): Promise<void> {
  for (const base of [running.web.url, running.worker.url]) {
    expect((await scrape(base, INTERNAL_TOKEN)).status).toBe(401);
    expect((await scrape(base)).status).toBe(401);
  }
  expect((await fetch(`${running.web.url}/healthz`)).status).toBe(200);

  const worker = await scrapeOk(running.worker.url);
  expect(total(worker, "brandwarden_scans_total", { status: "completed" })).toBeGreaterThanOrEqual(1);
  expect(total(worker, "brandwarden_scans_total", { status: "failed" })).toBe(0);
  // An observation per scan and stage, made as the stage ended (audit: skipped, no AI configured).
  for (const stage of SCAN_STAGES) {
    const status = stages[stage]!.status;
    const count = total(worker, "brandwarden_scan_stage_duration_seconds_count", { stage, status });
    expect(count, `${stage} ${status}`).toBeGreaterThanOrEqual(1);
  }
  const outbound = (kind: string) => total(worker, "brandwarden_outbound_requests_total", { kind, outcome: "ok" }); // prettier-ignore
  // The world answered the worker's DNS, RDAP, web, TLS and social requests.
  for (const kind of ["dns", "rdap", "http", "tls", "social"])
    expect(outbound(kind), kind).toBeGreaterThan(0);
  expect(outbound("dns")).toBeGreaterThan(100);
  // The web app handed the scans over on the worker's route, counted by its pattern.
  expect(
    total(worker, "brandwarden_http_requests_total", { route: "/api/v1/scan/start", status: "202" }),
  ).toBeGreaterThanOrEqual(1);
  expect(samples(worker, "process_resident_memory_bytes")).toHaveLength(1);

  const web = await scrapeOk(running.web.url);
  expect(total(web, "brandwarden_http_requests_total", { route: "/healthz", status: "200" })).toBe(1);
  // The worker read the brand and the weights through the internal API: patterns, never raw ids.
  const internal = samples(web, "brandwarden_http_requests_total").filter((s) =>
    s.labels.route!.startsWith("/v1/"),
  );
  expect(internal.reduce((n, s) => n + s.value, 0)).toBeGreaterThan(0);
  expect(internal.filter((s) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(s.labels.route!))).toEqual([]);
  // The scans' events came through the stream: applied, with how far behind the consumer was.
  expect(total(web, "brandwarden_events_applied_total", { kind: "scan_update" })).toBeGreaterThan(0);
  expect(total(web, "brandwarden_events_applied_total", { kind: "findings_initial" })).toBeGreaterThan(0);
  const lag = samples(web, "brandwarden_event_consumer_lag_seconds");
  expect(lag).toHaveLength(1);
  // How far behind depends on the machine's load, so only its shape is checked.
  expect(Number.isFinite(lag[0]!.value) && lag[0]!.value >= 0).toBe(true);
  expect(total(web, "brandwarden_event_dead_letters_total")).toBe(0);
  // The job queue's depth is read at scrape time, one series per job and state.
  expect(samples(web, "brandwarden_queue_jobs", { job: "report_generation", state: "waiting" })).toHaveLength(1); // prettier-ignore
  // No AI provider is configured: keyword expansion fell back to its deterministic keywords, counted.
  await waitFor(
    async () =>
      total(await scrapeOk(running.worker.url), "brandwarden_llm_fallbacks_total", { use: "keywords" }) >= 1,
    "the keyword expansion's fallback counted",
  );
}
