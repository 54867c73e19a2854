import { runSocialDiscovery } from "../../../capabilities/social/social-discovery.ts";
import type { ScoringApi } from "../../../ports/web-api/web-api.port.ts";
import type { SocialRuntime } from "../../../capabilities/social/social-runtime.ts";
import { SOCIAL_SIGNALS } from "../../../capabilities/social/social-signals.ts";
import { withCircuitBreaker } from "../../../capabilities/circuit-breaker/circuit-breaker.ts";
import type { ScanData } from "../scan-data.ts";
import {
  logAs,
  ScanCancelledError,
  sourceBreaker,
  waitingForWeights,
  type StageContext,
  type StageDef,
} from "../stage.ts";

/**
 * Social discovery that starts before its stage does: it needs only the resolved lookalikes, so
 * the enrich stage starts it beside its own work (platforms and registries are different servers).
 */
export interface EarlySocial {
  start(ctx: StageContext): void;
  /** The stage that started it failed: it is stopped. */
  abandon(ctx: StageContext): void;
}

interface Run {
  done: Promise<unknown[]>;
  stop: AbortController;
  /** Why the weights read waits for the web app, while it does (said again when the stage starts). */
  waitingFor: string | null;
  /** The social stage itself runs (its turn came). */
  turn: boolean;
}

/** `social`: impersonating accounts across platforms, scored, published by (platform, handle). */
export function socialStage(deps: { runtime: SocialRuntime; scoring: ScoringApi | null }): {
  stage: StageDef;
  early: EarlySocial;
} {
  const runs = new WeakMap<ScanData, Run>();

  const start = (ctx: StageContext): Run => {
    const stop = new AbortController();
    const signal = AbortSignal.any([ctx.signal, stop.signal]);
    const log = logAs(ctx, "social");
    const run: Run = { stop, waitingFor: null, turn: false, done: Promise.resolve([]) };
    // The social stage shows running (with its counts) from the moment its work begins.
    const report = ctx.progressOf("social");
    let counted: [number, number] = [0, 0];
    const progress = (done: number, total: number) => report(...(counted = [done, total]));
    progress(0, 0);
    const saidWaiting = waitingForWeights({ ...ctx, log });
    run.done = (async () => {
      // Social signals share the weight store with domain signals; names do not overlap.
      let weights: Record<string, number> | undefined;
      if (deps.scoring) {
        try {
          // The set that scores this user's scans (their own learned set, else the platform's).
          const onWait = (reason: string) => {
            run.waitingFor = reason;
            saidWaiting(reason);
          };
          const read = deps.scoring.getWeights(ctx.payload.user_id, { onWait });
          const all = (await read.finally(() => (run.waitingFor = null))).weights;
          weights = Object.fromEntries(Object.entries(all).filter(([name]) => name in SOCIAL_SIGNALS));
        } catch (err) {
          await log("warn", `using default social weights: ${(err as Error).message}`, "weights_unavailable");
        }
      }
      const breaker = sourceBreaker({ ...ctx, log });
      return withCircuitBreaker(breaker, () =>
        runSocialDiscovery({
          payload: ctx.payload,
          lookalikeDomains: (ctx.data.resolved ?? []).map((r) => r.domain),
          signal,
          publish: (kind, data) => ctx.publisher.publish(kind, data),
          progress,
          deps: { runtime: deps.runtime, weights, log },
        }),
      );
    })();
    // Done before its turn: the stage completes after enrichment, and says so meanwhile.
    run.done.then(
      () => void (run.turn || report(...counted, "enrichment to finish (the accounts are in)")),
      () => undefined, // awaited by the stage; not unhandled meanwhile
    );
    runs.set(ctx.data, run);
    return run;
  };

  const stage: StageDef = {
    name: "social",
    output: "social",
    async run(ctx) {
      // Started beside enrichment, or (resumed here, enrichment skipped) now.
      const run = runs.get(ctx.data) ?? start(ctx);
      run.turn = true;
      // Started waiting before this stage did: the stage's own log says so too.
      if (run.waitingFor !== null) waitingForWeights(ctx)(run.waitingFor);
      try {
        ctx.data.social = await run.done;
      } catch (err) {
        if (ctx.signal.aborted) throw new ScanCancelledError("scan cancelled");
        throw err;
      } finally {
        runs.delete(ctx.data);
      }
      await ctx.log("info", `${ctx.data.social.length} social accounts found or unconfirmed`);
    },
  };

  return {
    stage,
    early: {
      start(ctx) {
        if (!runs.has(ctx.data)) start(ctx);
      },
      abandon(ctx) {
        runs.get(ctx.data)?.stop.abort(new Error("the scan's enrichment failed"));
        runs.delete(ctx.data);
      },
    },
  };
}
