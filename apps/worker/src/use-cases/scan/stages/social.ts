import { runSocialDiscovery } from "../../../capabilities/social/social-discovery.ts";
import type { ScoringApi } from "../../../ports/web-api/web-api.port.ts";
import type { SocialRuntime } from "../../../capabilities/social/social-runtime.ts";
import { SOCIAL_SIGNALS } from "../../../capabilities/social/social-signals.ts";
import { withCircuitBreaker } from "../../../capabilities/circuit-breaker/circuit-breaker.ts";
import { ScanCancelledError, sourceBreaker, waitingForWeights, type StageDef } from "../stage.ts";

/** `social`: impersonating accounts across platforms, scored, published by (platform, handle). */
export function socialStage(deps: { runtime: SocialRuntime; scoring: ScoringApi | null }): StageDef {
  return {
    name: "social",
    output: "social",
    async run(ctx) {
      // Social signals share the weight store with domain signals; names do not overlap.
      let weights: Record<string, number> | undefined;
      if (deps.scoring) {
        try {
          // The set that scores this user's scans (their own learned set, else the platform's).
          const all = (await deps.scoring.getWeights(ctx.payload.user_id, { onWait: waitingForWeights(ctx) }))
            .weights;
          weights = Object.fromEntries(Object.entries(all).filter(([name]) => name in SOCIAL_SIGNALS));
        } catch (err) {
          await ctx.log(
            "warn",
            `using default social weights: ${(err as Error).message}`,
            "weights_unavailable",
          );
        }
      }
      try {
        const breaker = sourceBreaker(ctx);
        ctx.data.social = await withCircuitBreaker(breaker, () =>
          runSocialDiscovery({
            payload: ctx.payload,
            lookalikeDomains: (ctx.data.resolved ?? []).map((r) => r.domain),
            signal: ctx.signal,
            publish: (kind, data) => ctx.publisher.publish(kind, data),
            progress: (done, total) => ctx.progress(done, total),
            deps: {
              runtime: deps.runtime,
              weights,
              log: (level, message, code) => ctx.log(level, message, code),
            },
          }),
        );
      } catch (err) {
        if (ctx.signal.aborted) throw new ScanCancelledError("scan cancelled");
        throw err;
      }
      await ctx.log("info", `${ctx.data.social.length} social accounts found or unconfirmed`);
    },
  };
}
