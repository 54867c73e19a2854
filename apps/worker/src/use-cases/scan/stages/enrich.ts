import type { TDomainFindingDelta } from "@brandwarden/contract/findings";
import { brandContextFromScan } from "../../../capabilities/brand/brand-context.ts";
import type { EnrichScheduler } from "../../../capabilities/enrich/enrich-scheduler.ts";
import type { Enricher } from "../../../capabilities/enrich/enricher.ts";
import type { EnrichedFields, ResolvedCandidate, ScanData } from "../scan-data.ts";
import { withCircuitBreaker } from "../../../capabilities/circuit-breaker/circuit-breaker.ts";
import {
  screenshotsOffMessage,
  type ScreenshotReadiness,
} from "../../../capabilities/enrich/screenshot/screenshot-readiness.ts";
import { logAs, sourceBreaker, throwIfCancelled, type StageContext, type StageDef } from "../stage.ts";

const BATCH = 25;
/** How often the stage says what it waits on, when nothing else moved. */
const WAITING_EVERY_MS = 2000;
const WAITING_LOG_EVERY_MS = 60_000;

/**
 * Enrichment that starts before its stage does: the resolve stage hands over registered lookalikes
 * as it finds them (after publishing their `findings_initial`), so registries and web hosts are
 * already being asked while the rest of the candidates resolve.
 */
export interface EarlyEnrichment {
  add(ctx: StageContext, found: readonly ResolvedCandidate[]): Promise<void>;
  /** The resolve stage failed: what it started is dropped. */
  abandon(ctx: StageContext): void;
}

/** One scan's enrichment in progress: the scheduler and what it produced so far. */
interface Lane {
  scheduler: EnrichScheduler;
  enriched: Record<string, EnrichedFields>;
  breaker: ReturnType<typeof sourceBreaker>;
  stop: AbortController;
  /** The enrich stage's progress: it shows running from the moment its work begins. */
  progress: (done: number, total: number, waitingOn: string | null) => void;
  flush(): Promise<void>;
}

/**
 * `enrich`: registration, DNS, web, TLS, screenshot and hosting evidence for every registered
 * lookalike (unknown ones have nothing to fetch), published as `findings_delta` as results arrive,
 * paced per registry by the scheduler (capabilities/enrich/enrich-scheduler.ts).
 */
export function enrichStage(deps: {
  enricher: Enricher;
  /** Work that needs only the resolved lookalikes, started beside enrichment (social discovery). */
  alongside?: { start(ctx: StageContext): void; abandon(ctx: StageContext): void };
  /** Whether screenshots can be taken: when not, the scan's log says why and how to turn them on. */
  screenshots?: ScreenshotReadiness;
}): { stage: StageDef; early: EarlyEnrichment } {
  const lanes = new WeakMap<ScanData, Lane>();

  const open = (ctx: StageContext): Lane => {
    const stop = new AbortController();
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
    // The breaker logs as the enrich stage, whichever stage opened the lane.
    const breaker = sourceBreaker({ ...ctx, log: logAs(ctx, "enrich") });
    const lane: Lane = {
      enriched,
      breaker,
      stop,
      progress: ctx.progressOf("enrich"),
      flush,
      scheduler: deps.enricher.schedule({
        brand: brandContextFromScan(ctx.payload),
        signal: AbortSignal.any([ctx.signal, stop.signal]),
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
          lane.progress(lane.scheduler.finished + 1, lane.scheduler.added, lane.scheduler.waitingOn());
          if (batch.length >= BATCH || screenshot_png) await flush();
        },
      }),
    };
    lanes.set(ctx.data, lane);
    return lane;
  };

  // Once per scan, as its enrichment begins: findings will carry no screenshot, and here is why.
  const warnIfScreenshotsOff = async (ctx: StageContext) => {
    const off = await deps.screenshots?.check();
    if (off) await logAs(ctx, "enrich")("warn", screenshotsOffMessage(off), "screenshots_off");
  };

  const addTo = async (lane: Lane, found: readonly ResolvedCandidate[]) => {
    // Under the scan's breaker: the scheduler's requests carry it in their async context.
    await withCircuitBreaker(lane.breaker, async () =>
      lane.scheduler.add(
        found
          .filter((r) => r.resolve_status === "registered")
          .map((t) => ({ domain: t.domain, resolved: { a: t.dns_a, aaaa: t.dns_aaaa, mx: t.dns_mx, ns: t.dns_ns } })), // prettier-ignore
      ),
    );
    lane.progress(lane.scheduler.finished, lane.scheduler.added, lane.scheduler.waitingOn());
  };

  const early: EarlyEnrichment = {
    async add(ctx, found) {
      let lane = lanes.get(ctx.data);
      if (!lane) {
        lane = open(ctx);
        await warnIfScreenshotsOff(ctx);
      }
      await addTo(lane, found);
    },
    abandon(ctx) {
      lanes.get(ctx.data)?.stop.abort(new Error("resolve stage failed"));
      lanes.delete(ctx.data);
    },
  };

  const stage: StageDef = {
    name: "enrich",
    output: "enriched",
    async run(ctx) {
      deps.alongside?.start(ctx);
      let lane = lanes.get(ctx.data);
      if (!lane) {
        // Resumed at this stage (or resolved without handing over): everything starts now.
        lane = open(ctx);
        await warnIfScreenshotsOff(ctx);
        await addTo(lane, ctx.data.resolved ?? []);
      }
      const { scheduler } = lane;
      ctx.progress(scheduler.finished, scheduler.added, scheduler.waitingOn());
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
        deps.alongside?.abandon(ctx);
        throwIfCancelled(ctx.signal);
        throw err;
      } finally {
        clearInterval(tick);
        lanes.delete(ctx.data);
      }
      await lane.flush();
      ctx.progress(scheduler.finished, scheduler.added, null);
      ctx.data.enriched = lane.enriched;
      await ctx.log("info", `enriched ${scheduler.added} registered lookalikes`);
    },
  };
  return { stage, early };
}
