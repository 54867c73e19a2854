// AI audit throughput (findings per second) against the world's LLM answering after a fixed
// delay: requests run concurrently (up to the configured concurrency), all inside one token
// budget; the last row gives a budget that fits about half the findings.
// Run: `npm run bench -- audit-throughput` or `node --import tsx apps/worker/bench/audit-throughput.ts`.
import { DEFAULT_AUDIT_CONFIG } from "@brandwarden/contract/settings";
import { LlmSchema } from "@brandwarden/world/scenario/services-schema";
import { startLlm } from "@brandwarden/world/services/llm/server";
import { makeSnapshot } from "../testing/snapshot-fixture.ts";
import { auditFindings, selectForAudit } from "../src/use-cases/scan/ai-audit.ts";
import { createTokenBudget } from "../src/ports/llm/budget.ts";
import { createLlmHttp } from "../src/ports/llm/llm-fetch.ts";
import { createHttpProvider, type LlmProvider } from "../src/ports/llm/provider.ts";

const DELAY_MS = 200;
const llm = await startLlm(LlmSchema.parse({ api_key: "sk-bench" }), "127.0.10.1", 0);
await fetch(`${llm.url}/__control/faults`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ delay_ms: DELAY_MS }),
});

// The world's LLM listens on loopback: the bench allows private networking, as the test world does.
const http = createLlmHttp({ allowPrivateNetwork: true });
const snapshot = makeSnapshot({ findings: 400, screenshotShare: 0 });
const all = selectForAudit(snapshot, "low");

/** Wraps a provider to record the most requests in flight at once. */
function counting(p: LlmProvider) {
  let inFlight = 0;
  let peak = 0;
  const provider: LlmProvider = {
    ...p,
    kind: p.kind,
    model: p.model,
    acceptsImages: p.acceptsImages,
    async complete(req) {
      peak = Math.max(peak, ++inFlight);
      try {
        return await p.complete(req);
      } finally {
        inFlight--;
      }
    },
  };
  return { provider, peak: () => peak };
}

const CASES = [
  { kind: "openai" as const, concurrency: 1, findings: 16, budget: 1_000_000 },
  { kind: "openai" as const, concurrency: 4, findings: 64, budget: 1_000_000 },
  { kind: "openai" as const, concurrency: 8, findings: 64, budget: 1_000_000 },
  { kind: "openai" as const, concurrency: 16, findings: 128, budget: 1_000_000 },
  { kind: "anthropic" as const, concurrency: 16, findings: 128, budget: 1_000_000 },
  { kind: "openai" as const, concurrency: 16, findings: 128, budget: 64 * 900 },
];

console.log(`LLM answers after ${DELAY_MS} ms; ${all.length} findings eligible`);
console.log(
  "provider   concurrency  findings  audited  unaudited  peak in flight  seconds  findings/s  tokens used / budget",
);
for (const c of CASES) {
  const items = all.slice(0, c.findings);
  const { provider, peak } = counting(
    createHttpProvider({
      kind: c.kind,
      baseUrl: c.kind === "openai" ? llm.openaiBaseUrl : llm.anthropicBaseUrl,
      model: "world-llm-1",
      apiKey: "sk-bench",
      fetch: http.fetch,
    }),
  );
  const budget = createTokenBudget(c.budget);
  const t = performance.now();
  const result = await auditFindings(items, {
    provider,
    budget,
    concurrency: c.concurrency,
    config: DEFAULT_AUDIT_CONFIG,
    brand: snapshot.brand,
    signal: new AbortController().signal,
  });
  const s = (performance.now() - t) / 1000;
  console.log(
    `${c.kind.padEnd(9)}  ${String(c.concurrency).padStart(11)}  ${String(items.length).padStart(8)}  ${String(result.verdicts.length).padStart(7)}  ${String(result.failures.length).padStart(9)}  ${String(peak()).padStart(14)}  ${s.toFixed(2).padStart(7)}  ${(result.verdicts.length / s).toFixed(1).padStart(10)}  ${budget.used()} / ${c.budget}`,
  );
  if (budget.committed() > c.budget) throw new Error("budget overspent");
}
await http.close();
await llm.close();
