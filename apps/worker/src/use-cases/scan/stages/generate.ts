import { generatePermutations } from "../../../capabilities/lookalike/generate.ts";
import { toUnicode } from "punycode";
import { registrableOf } from "../../../capabilities/lookalike/psl.ts";
import type { DiscoveryHook } from "../../../capabilities/discovery/discovery-hook.ts";
import type { Candidate } from "../scan-data.ts";
import { throwIfCancelled, type StageContext, type StageDef } from "../stage.ts";

/**
 * `generate`: lookalike permutations of every owned domain, combosquats with the brand's
 * keywords included, then the names discovery sources (CT logs) found. A candidate produced
 * several times is kept once, with every source that found it in `discovered_by`. A name only a
 * discovery source found is no permutation: it has no fuzzer, and it imitates the owned domain
 * whose brand term it matched. Progress counts owned domains, then what the sources report.
 */
export function generateStage(opts: { maxCandidates?: number; discover?: DiscoveryHook[] } = {}): StageDef {
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
            discovered_by: ["permutation"],
          });
        }
        ctx.progress(++done, ctx.payload.owned_domains.length);
      }
      const steps = ctx.payload.owned_domains.length;
      const discoveryCtx: StageContext = {
        ...ctx,
        progress: (d, total) => ctx.progress(steps + d, steps + (total ?? d)),
      };
      for (const discover of opts.discover ?? []) {
        const names = await discover(discoveryCtx);
        throwIfCancelled(ctx.signal);
        for (const d of names.slice(0, opts.maxCandidates ?? names.length)) {
          if (owned.has(d.domain)) continue;
          const known = seen.get(d.domain);
          if (known) {
            if (!known.discovered_by?.includes(d.source)) known.discovered_by?.push(d.source);
            known.discovery_reason ??= d.reason;
            continue;
          }
          const original =
            d.original_domain && owned.has(d.original_domain)
              ? d.original_domain
              : ctx.payload.owned_domains[0]!;
          seen.set(d.domain, {
            domain: d.domain,
            domain_unicode: toUnicode(d.domain),
            fuzzer: null,
            fuzzers: [],
            registrable_domain: registrableOf(d.domain) ?? d.domain,
            original_domain: original,
            discovered_by: [d.source],
            discovery_reason: d.reason,
          });
        }
      }
      ctx.data.candidates = [...seen.values()];
      await ctx.log("info", `generated ${ctx.data.candidates.length} lookalike candidates`);
    },
  };
}
