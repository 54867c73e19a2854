import type { TDomainFindingInitial } from "@brandwarden/contract/findings";
import type { Resolver } from "../../../capabilities/resolve/types.ts";
import { resolveCandidates } from "../resolve-candidates.ts";
import type { ResolvedCandidate } from "../scan-data.ts";
import { ScanCancelledError, type StageContext, type StageDef } from "../stage.ts";
import type { EarlyEnrichment } from "./enrich.ts";

const BATCH = 2000;
/** Registered lookalikes handed to enrichment together, or after this long, whichever comes first. */
const EARLY_BATCH = 100;
const EARLY_EVERY_MS = 1000;

/**
 * `resolve`: asks DNS about every candidate; keeps the registered and the unknown (never counted as
 * registered) and publishes them as `findings_initial`, one batch per owned domain they imitate.
 * With `early`, registered lookalikes are published and handed to enrichment as they resolve, so
 * enrichment does not wait for the last candidate's answer.
 */
export function resolveStage(deps: { resolver: Resolver; early?: EarlyEnrichment }): StageDef {
  return {
    name: "resolve",
    output: "resolved",
    async run(ctx) {
      const candidates = ctx.data.candidates ?? [];
      const handedOver = new Set<string>();
      let found: ResolvedCandidate[] = [];
      let lastHandOver = Date.now();
      let handing: Promise<void> = Promise.resolve();
      const handOver = (now: ResolvedCandidate[]) => {
        for (const r of now) handedOver.add(r.domain);
        handing = handing.then(async () => {
          await publishInitial(ctx, now);
          await deps.early!.add(ctx, now);
        });
        handing.catch(() => undefined); // awaited below; not unhandled meanwhile
      };
      let resolved: ResolvedCandidate[];
      try {
        resolved = await resolveCandidates(candidates, {
          resolver: deps.resolver,
          signal: ctx.signal,
          onProgress: (done, total) => ctx.progress(done, total),
          onKept: (r) => {
            if (!deps.early || r.resolve_status !== "registered") return;
            found.push(r);
            if (found.length >= EARLY_BATCH || Date.now() - lastHandOver >= EARLY_EVERY_MS) {
              handOver(found);
              found = [];
              lastHandOver = Date.now();
            }
          },
        });
        if (found.length) handOver(found);
        await handing;
      } catch (err) {
        deps.early?.abandon(ctx);
        await handing.catch(() => undefined);
        if (ctx.signal.aborted) throw new ScanCancelledError("scan cancelled");
        throw err;
      }
      ctx.data.resolved = resolved;
      await publishInitial(
        ctx,
        resolved.filter((r) => !handedOver.has(r.domain)),
      );
      const registered = resolved.filter((r) => r.resolve_status === "registered").length;
      await ctx.log(
        "info",
        `${registered} registered and ${resolved.length - registered} unknown of ${candidates.length} candidates`,
      );
    },
  };
}

/** `findings_initial` for these, in batches per owned domain they imitate. */
async function publishInitial(ctx: StageContext, resolved: readonly ResolvedCandidate[]) {
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
}
