// Campaign clustering benchmark (issue #19): on generated worlds with real-internet noise
// (CDN, shared hosting, one parking service, kits that look alike, campaigns registered one
// name a week, one campaign of 30+ names in the larger worlds), pairwise precision and recall
// of the attack campaigns against the planted truth, per seed and size, with cluster-size
// histograms; also with the brand itself behind the CDN. The baseline is single linkage over
// the same keys (what the clusterer did before), measured in the same run. Last, a world where
// every lookalike sits behind one CDN must give no campaign. Exits 1 if any world scores below
// 0.9 or a campaign forms from the CDN alone. Evidence is what a scan would see
// (apps/worker/testing/world-evidence.ts); the real pipeline is measured by
// apps/cli/test/campaigns-world.e2e.int.test.ts.
import { performance } from "node:perf_hooks";
import { generateScenario } from "@brandwarden/world/scenario/generate";
import { campaignTruth } from "@brandwarden/world/scenario/truth";
import { clusterFindings } from "@brandwarden/worker/capabilities/campaigns/cluster";
import { infrastructureKeys } from "@brandwarden/worker/capabilities/campaigns/keys";
import { pairwiseScore, sizeHistogram } from "@brandwarden/worker/testing/pairwise";
import { worldBrand, worldEvidence } from "@brandwarden/worker/testing/world-evidence";

const SEEDS = [1, 2, 3];
const SIZES = [50, 250, 1000, 2000];
const TARGET = 0.9;

/** The old clusterer: any shared key joins (union-find over every key). */
function singleLinkage(evidence: ReturnType<typeof worldEvidence>, brand: ReturnType<typeof worldBrand>) {
  const parent = evidence.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const first = new Map<string, number>();
  evidence.forEach((e, i) => {
    for (const k of infrastructureKeys(e, brand)) {
      const j = first.get(k);
      if (j === undefined) first.set(k, i);
      else parent[find(i)] = find(j);
    }
  });
  const out = new Map<string, string>();
  const sizes = new Map<number, number>();
  evidence.forEach((_, i) => sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1));
  evidence.forEach((e, i) => {
    if (sizes.get(find(i))! > 1) out.set(e.domain, String(find(i)));
  });
  return out;
}

const f3 = (x: number) => x.toFixed(3);
const hist = (h: Record<string, number>) =>
  Object.entries(h)
    .map(([k, v]) => `${k}:${v}`)
    .join(" ");
let failed = 0;
const WORLD = { brand: "Acme Bank", domain: "acmebank.com", now: new Date("2025-06-01T00:00:00Z") };
const VARIANTS = [
  { name: "noise", opts: { noise: true } },
  { name: "noise+brand-cdn", opts: { noise: true, brandBehindCdn: true } },
] as const;
console.log(
  "world            seed  size  planted  found  precision  recall  defensive | baseline P  R     largest  ms   | found sizes",
);
for (const variant of VARIANTS) {
  for (const size of SIZES) {
    for (const seed of SEEDS) {
      const s = generateScenario({ ...WORLD, lookalikes: size, seed, ...variant.opts });
      const truth = campaignTruth(s);
      const evidence = worldEvidence(s);
      const brand = worldBrand(s);
      const t0 = performance.now();
      const r = clusterFindings(evidence, { brand });
      const ms = performance.now() - t0;
      const attack = r.clusters.filter((c) => c.kind === "attack");
      const own = new Set(r.clusters.filter((c) => c.kind === "defensive").flatMap((c) => c.domains));
      const defensiveOk =
        own.size === truth.defensive.size && [...truth.defensive].every((d) => own.has(d))
          ? "exact"
          : "WRONG";
      if (defensiveOk !== "exact") failed++;
      const predicted = new Map(attack.flatMap((c) => c.domains.map((d) => [d, c.campaign_id] as const)));
      const score = pairwiseScore(predicted, truth.campaignOf);
      const base = singleLinkage(evidence, brand);
      const baseScore = pairwiseScore(base, truth.campaignOf);
      const baseLargest = Math.max(
        0,
        ...[...new Set(base.values())].map((g) => [...base.values()].filter((x) => x === g).length),
      );
      const planted = new Set(truth.campaignOf.values()).size;
      if (score.precision < TARGET || score.recall < TARGET) failed++;
      console.log(
        `${variant.name.padEnd(16)} ${String(seed).padEnd(5)} ${String(size).padEnd(5)} ${String(planted).padEnd(8)} ${String(attack.length).padEnd(6)} ${f3(score.precision).padEnd(10)} ${f3(score.recall).padEnd(7)} ${defensiveOk.padEnd(9)} | ${f3(baseScore.precision).padEnd(11)} ${f3(baseScore.recall)} ${String(baseLargest).padEnd(8)} ${ms.toFixed(0).padEnd(4)} | ${hist(sizeHistogram(attack.map((c) => c.size)))}`,
      );
    }
  }
}
for (const seed of SEEDS) {
  const s = generateScenario({ ...WORLD, lookalikes: 500, seed, allBehindCdn: true });
  const attack = clusterFindings(worldEvidence(s), { brand: worldBrand(s) }).clusters.filter(
    (c) => c.kind === "attack",
  );
  if (attack.length) failed++;
  console.log(`all behind one CDN, seed ${seed}, 500 names: ${attack.length} campaigns (expected 0)`);
}
console.log(
  failed
    ? `${failed} worlds below ${TARGET}, with a wrong defensive group, or with a CDN-only campaign`
    : `every world at or above ${TARGET} precision and recall; defensive groups exact; no CDN-only campaign`,
);
process.exit(failed ? 1 : 0);
