// Social discovery benchmark: generated worlds with planted impersonators and decoys (official
// accounts, fans, parodies, namesakes, blocked and slow accounts). Prints precision and recall of
// impersonators reported at `medium` or above, and probes per second.
import { severityRank } from "@brandwarden/contract/common";
import type { TSocialFindingItem } from "@brandwarden/contract/findings";
import { generateScenario } from "@brandwarden/world/scenario/generate";
import { startTestWorld } from "@brandwarden/world/testing/test-world";
import { socialConfigFromEnv } from "@brandwarden/worker/capabilities/social/social-config";
import { createSocialRuntime } from "@brandwarden/worker/wiring/social-runtime";
import { runSocialDiscovery } from "@brandwarden/worker/capabilities/social/social-discovery";

const BRANDS: Array<[string, string]> = [
  ["Acme Bank", "acmebank.com"],
  ["Northwind", "northwind.io"],
  ["Globex Pay", "globexpay.com"],
];

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  fnBlocked: number;
  probes: number;
  ms: number;
  requests: number;
}
// The last mode leaves out the brand's own handles: no official avatars/bios to compare with, and
// the official accounts themselves become candidates (decoys the mitigations must hold down).
const modes: Record<string, { env: Record<string, string>; ownHandles: boolean }> = {
  "search+permutations": { env: {}, ownHandles: true },
  "permutations only": { env: { SEARCH_URL: "" }, ownHandles: true },
  "no own handles given": { env: {}, ownHandles: false },
};
const totals: Record<string, Tally> = {};

for (const [mode, { env: overrides, ownHandles }] of Object.entries(modes)) {
  const t: Tally = (totals[mode] = { tp: 0, fp: 0, fn: 0, fnBlocked: 0, probes: 0, ms: 0, requests: 0 });
  for (const [brand, domain] of BRANDS) {
    const scenario = generateScenario({ brand, domain, lookalikes: 60, seed: `bench-social-${brand}` });
    const world = await startTestWorld(scenario);
    try {
      const env = {
        ...world.env,
        LLM_EMBEDDINGS_URL: world.env.LLM_OPENAI_BASE_URL,
        LLM_EMBEDDINGS_API_KEY: world.env.LLM_API_KEY,
        ...overrides,
      };
      const rt = createSocialRuntime(socialConfigFromEnv(env));
      const profiles = world.scenario.services.social;
      const official = profiles.filter((p) => p.kind === "official");
      let started = 0;
      let total = 0;
      const items: TSocialFindingItem[] = await runSocialDiscovery({
        payload: {
          scan_id: "0b6f2a7e-1c3d-4e5f-8a9b-0c1d2e3f4a5b",
          user_id: "1c7a3b8f-2d4e-4f60-9b0c-1d2e3f4a5b6c",
          brand_name: brand,
          keywords: [],
          owned_domains: [domain],
          social_handles: ownHandles ? official.map((p) => ({ platform: p.platform, handle: p.handle })) : [],
          logo_url: null,
          domain_profiles: [],
          resume_from_stage: null,
        },
        lookalikeDomains: world.scenario.lookalikes.map((l) => l.domain),
        signal: new AbortController().signal,
        publish: async () => {},
        progress: (done, n) => {
          if (done === 0) started = performance.now();
          if (done === n && n > 0) {
            total = n;
            t.ms += performance.now() - started;
          }
        },
        deps: { runtime: rt },
      });
      t.probes += total;
      t.requests += rt.http.requests;
      const kindOf = new Map(profiles.map((p) => [`${p.platform}:${p.handle.toLowerCase()}`, p]));
      const reported = items.filter((i) => i.severity && severityRank(i.severity) >= severityRank("medium"));
      const reportedKeys = new Set(reported.map((i) => `${i.platform}:${i.handle}`));
      for (const i of reported) {
        if (kindOf.get(`${i.platform}:${i.handle}`)?.kind === "impersonator") t.tp++;
        else {
          t.fp++;
          console.log(`  FP ${mode} ${brand}: ${i.platform}:${i.handle} score ${i.score}`);
        }
      }
      for (const p of profiles.filter((q) => q.kind === "impersonator")) {
        if (reportedKeys.has(`${p.platform}:${p.handle.toLowerCase()}`)) continue;
        // Accounts the platform hides or blocks cannot be confirmed: counted apart.
        if (p.state === "existing" || p.state === "slow") {
          t.fn++;
          console.log(`  FN ${mode} ${brand}: ${p.platform}:${p.handle} (${p.state})`);
        } else t.fnBlocked++;
      }
      await rt.close();
    } finally {
      await world.stop();
    }
  }
}

for (const [mode, t] of Object.entries(totals)) {
  const precision = t.tp / Math.max(1, t.tp + t.fp);
  const recall = t.tp / Math.max(1, t.tp + t.fn);
  const recallAll = t.tp / Math.max(1, t.tp + t.fn + t.fnBlocked);
  console.log(
    `social ${mode}: ${BRANDS.length} worlds, impersonators reported at medium+: precision ${precision.toFixed(3)} ` +
      `recall ${recall.toFixed(3)} (reachable; ${recallAll.toFixed(3)} counting suspended/429/WAF accounts) ` +
      `| tp ${t.tp} fp ${t.fp} fn ${t.fn} blocked ${t.fnBlocked} | ${t.probes} probes in ${(t.ms / 1000).toFixed(1)} s = ` +
      `${((t.probes / t.ms) * 1000).toFixed(0)} probes/s (${t.requests} requests incl. search, avatars, embeddings)`,
  );
}
