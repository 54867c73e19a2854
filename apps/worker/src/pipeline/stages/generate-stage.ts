import { generatePermutations } from "../../lookalike/generate.ts";
import type { Candidate } from "../scan-data.ts";
import { throwIfCancelled, type StageDef } from "../stage.ts";

/**
 * `generate`: lookalike permutations of every owned domain, combosquats with the brand's
 * keywords included. A candidate produced from several owned domains is kept once.
 */
export function generateStage(opts: { maxCandidates?: number } = {}): StageDef {
  return {
    name: "generate",
    output: "candidates",
    async run(ctx) {
      const seen = new Map<string, Candidate>();
      const owned = new Set(ctx.payload.owned_domains);
      let done = 0;
      for (const original of ctx.payload.owned_domains) {
        throwIfCancelled(ctx.signal);
        const result = generatePermutations(original, {
          keywords: ctx.payload.keywords,
          maxCandidates: opts.maxCandidates,
        });
        for (const p of result.permutations) {
          if (owned.has(p.domain) || seen.has(p.domain)) continue;
          seen.set(p.domain, {
            domain: p.domain,
            domain_unicode: p.domain_unicode,
            fuzzer: p.fuzzer,
            fuzzers: [...p.fuzzers],
            registrable_domain: p.registrable_domain ?? p.domain,
            original_domain: original,
          });
        }
        ctx.progress(++done, ctx.payload.owned_domains.length);
      }
      ctx.data.candidates = [...seen.values()];
      await ctx.log("info", `generated ${ctx.data.candidates.length} lookalike candidates`);
    },
  };
}
