import type { TDomainFindingDelta } from "@brandwarden/contract/findings";
import { brandContextFromScan } from "../../../capabilities/brand/brand-context.ts";
import type { Enricher } from "../../../capabilities/enrich/enricher.ts";
import type { EnrichedFields } from "../scan-data.ts";
import { withCircuitBreaker } from "../../../capabilities/circuit-breaker/circuit-breaker.ts";
import { sourceBreaker, throwIfCancelled, type StageDef } from "../stage.ts";

const BATCH = 25;
/** How often the stage says what it waits on, when nothing else moved. */
const WAITING_EVERY_MS = 2000;
const WAITING_LOG_EVERY_MS = 60_000;

/**
 * `enrich`: registration, DNS, web, TLS, screenshot and hosting evidence for every registered
 * lookalike (unknown ones have nothing to fetch), published as `findings_delta` as results arrive,
 * each registry paced apart by the scheduler (capabilities/enrich/enrich-scheduler.ts).
 */
export function enrichStage(deps: { enricher: Enricher }): StageDef {
  return {
    name: "enrich",
    output: "enriched",
    async run(ctx) {
      const enriched: Record<string, EnrichedFields> = {};
      let batch: TDomainFindingDelta[] = [];
      let publishing = Promise.resolve();
      const flush = () => {
        if (!batch.length) return publishing;
        const out = batch;
        batch = [];
        publishing = publishing.then(() => ctx.publisher.publish("findings_delta", { findings: out }));
        return publishing;
      };
      const scheduler = deps.enricher.schedule({
        brand: brandContextFromScan(ctx.payload),
        signal: ctx.signal,
        onResult: async (job, result) => {
          const { screenshot_png, ...fields } = result.fields;
          const provenance = result.provenance as Record<string, unknown>;
          // The checkpoint keeps the evidence; the screenshot travels once, in the delta.
          enriched[job.domain] = { ...fields, provenance };
          batch.push({
            domain: job.domain,
            ...fields,
            provenance,
            ...(screenshot_png ? { screenshot_png } : {}),
          });
          ctx.progress(scheduler.finished + 1, scheduler.added, scheduler.waitingOn());
          if (batch.length >= BATCH || screenshot_png) await flush();
        },
      });
      const targets = (ctx.data.resolved ?? []).filter((r) => r.resolve_status === "registered");
      ctx.progress(0, targets.length);
      // Under the scan's breaker: the scheduler's requests carry it in their async context.
      await withCircuitBreaker(sourceBreaker(ctx), async () =>
        scheduler.add(
          targets.map((t) => ({ domain: t.domain, resolved: { a: t.dns_a, aaaa: t.dns_aaaa, mx: t.dns_mx, ns: t.dns_ns } })), // prettier-ignore
        ),
      );
      scheduler.close();
      // Said even when no lookalike finishes for a while (a registry that paused us).
      let lastLog = 0;
      const tick = setInterval(() => {
        const waitingOn = scheduler.waitingOn();
        ctx.progress(scheduler.finished, scheduler.added, waitingOn);
        if (waitingOn && Date.now() - lastLog >= WAITING_LOG_EVERY_MS) {
          lastLog = Date.now();
          void ctx.log("info", `waiting on ${waitingOn}`, "enrich_waiting");
        }
      }, WAITING_EVERY_MS);
      tick.unref();
      try {
        await scheduler.done;
      } catch (err) {
        throwIfCancelled(ctx.signal);
        throw err;
      } finally {
        clearInterval(tick);
      }
      await flush();
      ctx.progress(scheduler.finished, scheduler.added, null);
      ctx.data.enriched = enriched;
      await ctx.log("info", `enriched ${targets.length} registered lookalikes`);
    },
  };
}
