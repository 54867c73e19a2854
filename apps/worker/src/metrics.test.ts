import { describe, expect, it } from "vitest";
import { parsePrometheusText, samples, total } from "@brandwarden/platform/testing/prometheus-text";
import { createWorkerMetrics } from "./metrics.ts";

const scrape = async (m: ReturnType<typeof createWorkerMetrics>) =>
  parsePrometheusText(await m.registry.registry.metrics());

describe("worker metrics", () => {
  it("shows a breaker open while its scan runs and drops it when the scan ends", async () => {
    const m = createWorkerMetrics();
    m.scans.sourceOpened("scan-1", "whois .com");
    m.scans.sourceOpened("scan-2", "whois .com");
    m.scans.sourceOpened("scan-2", "reddit");
    let all = await scrape(m);
    expect(total(all, "brandwarden_circuit_breakers_open", { source: "whois .com" })).toBe(2);
    expect(total(all, "brandwarden_circuit_breakers_open", { source: "reddit" })).toBe(1);
    m.scans.scanEnded("scan-2", "completed");
    all = await scrape(m);
    expect(total(all, "brandwarden_circuit_breakers_open", { source: "whois .com" })).toBe(1);
    expect(samples(all, "brandwarden_circuit_breakers_open", { source: "reddit" })).toEqual([]);
    expect(total(all, "brandwarden_circuit_breaker_opens_total")).toBe(3);
    expect(total(all, "brandwarden_scans_total", { status: "completed" })).toBe(1);
  });

  it("counts the AI fallbacks its logger is told of, by use, and passes every line on", async () => {
    const m = createWorkerMetrics();
    const lines: string[] = [];
    const logger = m.llm.countingFallbacks({
      info: (_o, msg) => void lines.push(msg),
      warn: (_o, msg) => void lines.push(msg),
    });
    logger.warn({ code: "report_ai_deterministic_fallback" }, "report_ai_deterministic_fallback");
    logger.warn({ code: "keywords_ai_deterministic_fallback" }, "keywords_ai_deterministic_fallback");
    logger.warn({ code: "keywords_ai_deterministic_fallback" }, "keywords_ai_deterministic_fallback");
    logger.warn({ code: "weights_unavailable" }, "not a fallback");
    logger.info({}, "stored");
    const all = await scrape(m);
    expect(total(all, "brandwarden_llm_fallbacks_total", { use: "report" })).toBe(1);
    expect(total(all, "brandwarden_llm_fallbacks_total", { use: "keywords" })).toBe(2);
    expect(total(all, "brandwarden_llm_fallbacks_total")).toBe(3);
    expect(lines).toHaveLength(5);
  });

  it("keeps the CT follower's position and the tokens by provider and direction", async () => {
    const m = createWorkerMetrics();
    m.ct.round("log A", { read: 100, matches: 2, next: 1100, treeSize: 1500 });
    m.ct.round("log A", { read: 400, matches: 0, next: 1500, treeSize: 1500 });
    m.llm.used("openai", { input_tokens: 120, output_tokens: 30 });
    const all = await scrape(m);
    expect(total(all, "brandwarden_ct_entries_processed_total", { log: "log A" })).toBe(500);
    expect(total(all, "brandwarden_ct_next_index", { log: "log A" })).toBe(1500);
    expect(total(all, "brandwarden_llm_tokens_total", { provider: "openai", direction: "input" })).toBe(120);
    expect(total(all, "brandwarden_llm_tokens_total", { provider: "openai", direction: "output" })).toBe(30);
  });
});
