import pLimit from "p-limit";
import type { TDomainFindingDelta } from "@brandwarden/contract/findings";
import { brandContextFromScan } from "../../../capabilities/brand/brand-context.ts";
import type { Enricher } from "../../../capabilities/enrich/enricher.ts";
import type { EnrichedFields } from "../scan-data.ts";
import { withCircuitBreaker } from "../../../capabilities/circuit-breaker/circuit-breaker.ts";
import { sourceBreaker, throwIfCancelled, type StageDef } from "../stage.ts";

const BATCH = 25;

/**
 * `enrich`: registration, DNS, web, TLS, screenshot and hosting evidence for every registered
 * lookalike (unknown ones have nothing to fetch), published as `findings_delta` as results arrive.
 */
export function enrichStage(deps: { enricher: Enricher; concurrency: number }): StageDef {
  return {
    name: "enrich",
    output: "enriched",
    async run(ctx) {
      const targets = (ctx.data.resolved ?? []).filter((r) => r.resolve_status === "registered");
      const brand = brandContextFromScan(ctx.payload);
      const enriched: Record<string, EnrichedFields> = {};
      let batch: TDomainFindingDelta[] = [];
      let done = 0;
      const flush = async () => {
        if (!batch.length) return;
        const out = batch;
        batch = [];
        await ctx.publisher.publish("findings_delta", { findings: out });
      };
      ctx.progress(0, targets.length);
      // Own queue rather than enrichAll, so a cancel stops queued lookups from starting at all.
      const limit = pLimit(deps.concurrency);
      const breaker = sourceBreaker(ctx);
      await withCircuitBreaker(breaker, () =>
        Promise.all(
          targets.map((t) =>
            limit(async () => {
              throwIfCancelled(ctx.signal);
              const resolved = { a: t.dns_a, aaaa: t.dns_aaaa, mx: t.dns_mx, ns: t.dns_ns };
              const result = await deps.enricher.enrichLookalike(t.domain, resolved, brand);
              throwIfCancelled(ctx.signal);
              const { screenshot_png, ...fields } = result.fields;
              const provenance = result.provenance as Record<string, unknown>;
              // The checkpoint keeps the evidence; the screenshot travels once, in the delta.
              enriched[t.domain] = { ...fields, provenance };
              batch.push({
                domain: t.domain,
                ...fields,
                provenance,
                ...(screenshot_png ? { screenshot_png } : {}),
              });
              ctx.progress(++done, targets.length);
              if (batch.length >= BATCH || screenshot_png) await flush();
            }),
          ),
        ),
      ).catch((err: unknown) => {
        limit.clearQueue();
        throw err;
      });
      await flush();
      ctx.data.enriched = enriched;
      await ctx.log("info", `enriched ${targets.length} registered lookalikes`);
    },
  };
}
