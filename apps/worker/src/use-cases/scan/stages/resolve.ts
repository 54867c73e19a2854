import type { TDomainFindingInitial } from "@brandwarden/contract/findings";
import type { Resolver } from "../../../capabilities/resolve/types.ts";
import { resolveCandidates } from "../resolve-candidates.ts";
import type { ResolvedCandidate } from "../scan-data.ts";
import { ScanCancelledError, type StageDef } from "../stage.ts";

const BATCH = 2000;

/**
 * `resolve`: asks DNS about every candidate; keeps the registered and the unknown (never counted as
 * registered) and publishes them as `findings_initial`, one batch per owned domain they imitate.
 */
export function resolveStage(deps: { resolver: Resolver }): StageDef {
  return {
    name: "resolve",
    output: "resolved",
    async run(ctx) {
      const candidates = ctx.data.candidates ?? [];
      let resolved: ResolvedCandidate[];
      try {
        resolved = await resolveCandidates(candidates, {
          resolver: deps.resolver,
          signal: ctx.signal,
          onProgress: (done, total) => ctx.progress(done, total),
        });
      } catch (err) {
        if (ctx.signal.aborted) throw new ScanCancelledError("scan cancelled");
        throw err;
      }
      ctx.data.resolved = resolved;
      const byOriginal = new Map<string, TDomainFindingInitial[]>();
      for (const r of resolved) {
        const list = byOriginal.get(r.original_domain) ?? [];
        list.push({
          domain: r.domain,
          domain_unicode: r.domain_unicode,
          original_domain: r.original_domain,
          fuzzer: r.fuzzer,
          fuzzers: r.fuzzers,
          discovered_by: r.discovered_by ?? ["permutation"],
          discovery_reason: r.discovery_reason ?? null,
          registrable_domain: r.registrable_domain,
          resolve_status: r.resolve_status,
          dns_a: r.dns_a,
          dns_aaaa: r.dns_aaaa,
          dns_mx: r.dns_mx,
          dns_ns: r.dns_ns,
          wildcard: r.wildcard,
        });
        byOriginal.set(r.original_domain, list);
      }
      for (const [original, findings] of byOriginal) {
        for (let i = 0; i < findings.length; i += BATCH) {
          await ctx.publisher.publish("findings_initial", {
            original_domain: original,
            findings: findings.slice(i, i + BATCH),
          });
        }
      }
      const registered = resolved.filter((r) => r.resolve_status === "registered").length;
      await ctx.log(
        "info",
        `${registered} registered and ${resolved.length - registered} unknown of ${candidates.length} candidates`,
      );
    },
  };
}
