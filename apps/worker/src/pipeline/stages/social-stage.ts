import { runSocialDiscovery } from "../../social/social-stage.ts";
import type { SocialRuntime } from "../../social/social-runtime.ts";
import { ScanCancelledError, type StageDef } from "../stage.ts";

/** `social`: impersonating accounts across platforms, scored, published by (platform, handle). */
export function socialStage(deps: { runtime: SocialRuntime }): StageDef {
  return {
    name: "social",
    output: "social",
    async run(ctx) {
      try {
        ctx.data.social = await runSocialDiscovery({
          payload: ctx.payload,
          lookalikeDomains: (ctx.data.resolved ?? []).map((r) => r.domain),
          signal: ctx.signal,
          publish: (kind, data) => ctx.publisher.publish(kind, data),
          progress: (done, total) => ctx.progress(done, total),
          deps: { runtime: deps.runtime, log: (level, message, code) => ctx.log(level, message, code) },
        });
      } catch (err) {
        if (ctx.signal.aborted) throw new ScanCancelledError("scan cancelled");
        throw err;
      }
      await ctx.log("info", `${ctx.data.social.length} social accounts found or unconfirmed`);
    },
  };
}
