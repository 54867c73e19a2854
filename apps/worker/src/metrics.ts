import { createMetricsRegistry } from "@brandwarden/platform/metrics/registry";
import type { CountOutbound } from "./lib/outbound.ts";

/** The end of the log code each AI use writes when it falls back to deterministic text (contract part 7). */
const FALLBACK_CODE = "_ai_deterministic_fallback";

interface InfoWarnLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

/** Seconds: a skipped stage's instant to an enrichment of a large scan's hours. */
const STAGE_BUCKETS = [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200];

/**
 * The worker's metrics (served at GET /metrics): one object made in container.ts, its parts handed
 * to what they count (the scan runner, the clients of the outside, the CT follower, the watch).
 */
export function createWorkerMetrics() {
  const m = createMetricsRegistry("worker");
  const scans = m.counter("scans_total", "Scans this worker ended, by final status", ["status"]);
  const stages = m.histogram("scan_stage_duration_seconds", "Time a scan stage ran, observed when it ends, by stage and how it ended", ["stage", "status"], STAGE_BUCKETS); // prettier-ignore
  const outbound = m.counter("outbound_requests_total", "Requests to the outside, by kind and outcome (ok, error, rate_limited)", ["kind", "outcome"]); // prettier-ignore
  const opens = m.counter("circuit_breaker_opens_total", "Sources given up for a scan (circuit opened), by source", ["source"]); // prettier-ignore
  // Open breakers of scans still running: sources per scan, dropped when the scan ends.
  const openByScan = new Map<string, Set<string>>();
  m.gauge(
    "circuit_breakers_open",
    "Circuit breakers open now (a source given up by a running scan), by source",
    ["source"],
    (gauge) => {
      // prettier-ignore
      gauge.reset();
      const count = new Map<string, number>();
      for (const sources of openByScan.values())
        for (const s of sources) count.set(s, (count.get(s) ?? 0) + 1);
      for (const [source, n] of count) gauge.set({ source }, n);
    },
  );
  const tokens = m.counter("llm_tokens_total", "LLM tokens used, by provider and direction (input, output)", ["provider", "direction"]); // prettier-ignore
  const fallbacks = m.counter("llm_fallbacks_total", "Deterministic text used where the LLM was off or failed, by use", ["use"]); // prettier-ignore
  const ctRead = m.counter("ct_entries_processed_total", "Certificate Transparency entries the follower read, by log", ["log"]); // prettier-ignore
  const ctMatches = m.counter("ct_matches_total", "CT names the follower matched to a brand and handed on, by log", ["log"]); // prettier-ignore
  const ctNext = m.gauge("ct_next_index", "Next CT log index the follower reads (entries before it are processed), by log", ["log"]); // prettier-ignore
  const ctTree = m.gauge("ct_tree_size", "CT log tree size the follower last saw, by log", ["log"]);
  const watchRounds = m.counter("watch_rounds_total", "Watch rounds (one user's watch list) ended, by outcome", ["outcome"]); // prettier-ignore

  const count: CountOutbound = (kind, outcome) => outbound.inc({ kind, outcome });
  return {
    registry: m,
    outbound: count,
    scans: {
      stageEnded(stage: string, status: string, seconds: number) {
        stages.observe({ stage, status }, seconds);
      },
      scanEnded(scanId: string, status: string) {
        scans.inc({ status });
        openByScan.delete(scanId);
      },
      sourceOpened(scanId: string, source: string) {
        opens.inc({ source });
        const set = openByScan.get(scanId) ?? new Set<string>();
        openByScan.set(scanId, set.add(source));
      },
    },
    llm: {
      used(provider: string, usage: { input_tokens: number; output_tokens: number }) {
        tokens.inc({ provider, direction: "input" }, usage.input_tokens);
        tokens.inc({ provider, direction: "output" }, usage.output_tokens);
      },
      /**
       * `logger` counting the fallbacks it is told of: every AI use (report summary, takedown
       * polish, keyword expansion, campaign narratives) logs its fallback with the contract's code.
       */
      countingFallbacks(logger: InfoWarnLogger): InfoWarnLogger {
        return {
          info: (obj, msg) => logger.info(obj, msg),
          warn: (obj, msg) => {
            const code = obj.code;
            if (typeof code === "string" && code.endsWith(FALLBACK_CODE))
              fallbacks.inc({ use: code.slice(0, -FALLBACK_CODE.length) });
            logger.warn(obj, msg);
          },
        };
      },
    },
    ct: {
      round(log: string, r: { read: number; matches: number; next: number | null; treeSize: number | null }) {
        ctRead.inc({ log }, r.read);
        ctMatches.inc({ log }, r.matches);
        if (r.next !== null) ctNext.set({ log }, r.next);
        if (r.treeSize !== null) ctTree.set({ log }, r.treeSize);
      },
    },
    watch: {
      roundEnded(outcome: "completed" | "failed") {
        watchRounds.inc({ outcome });
      },
    },
  };
}
