import { describe, expect, it } from "vitest";
import { generateScenario } from "@brandwarden/world/scenario/generate";
import { campaignTruth } from "@brandwarden/world/scenario/truth";
import { clusterFindings } from "./cluster.ts";
import { pairwiseScore } from "../../../testing/pairwise.ts";
import { worldBrand, worldEvidence } from "../../../testing/world-evidence.ts";

// Campaigns on generated worlds, measured against the planted truth (bench/campaigns.ts runs
// more seeds and sizes).
const base = { brand: "Acme Bank", domain: "acmebank.com", now: new Date("2025-06-01T00:00:00Z") };

function campaignsOf(s: ReturnType<typeof generateScenario>) {
  const r = clusterFindings(worldEvidence(s), { brand: worldBrand(s) });
  const attack = r.clusters.filter((c) => c.kind === "attack");
  const defensive = r.clusters.filter((c) => c.kind === "defensive");
  return {
    attack,
    defensive,
    predicted: new Map(attack.flatMap((c) => c.domains.map((d) => [d, c.campaign_id]))),
  };
}

describe("campaigns on a world with real-internet noise", () => {
  const s = generateScenario({ ...base, lookalikes: 400, seed: 5, noise: true });
  const truth = campaignTruth(s);
  const { attack, defensive, predicted } = campaignsOf(s);

  it("recovers the planted campaigns: pairwise precision and recall at least 0.9", () => {
    const score = pairwiseScore(predicted, truth.campaignOf);
    expect(score.precision).toBeGreaterThanOrEqual(0.9);
    expect(score.recall).toBeGreaterThanOrEqual(0.9);
    const planted = new Map<string, number>();
    for (const c of truth.campaignOf.values()) planted.set(c, (planted.get(c) ?? 0) + 1);
    expect(Math.max(...attack.map((c) => c.size))).toBeLessThanOrEqual(Math.max(...planted.values()));
  });

  it("groups the brand's own registrations apart, never in an attack campaign", () => {
    expect(defensive).toHaveLength(1);
    expect(new Set(defensive[0]!.domains)).toEqual(truth.defensive);
    for (const c of attack) for (const d of c.domains) expect(truth.defensive.has(d)).toBe(false);
  });

  it("names every campaign and says its evidence", () => {
    for (const c of attack) {
      expect(c.name).toMatch(/ · registered .+ · \d+ domains$/);
      expect(c.evidence!.length).toBeGreaterThan(0);
      expect(c.evidence![0]!.members).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("a brand behind a CDN", () => {
  const s = generateScenario({ ...base, lookalikes: 300, seed: 4, noise: true, brandBehindCdn: true });
  const truth = campaignTruth(s);
  const { attack, defensive, predicted } = campaignsOf(s);

  it("still recognises its own registrations (a redirect at its brand-protection registrar)", () => {
    expect(defensive).toHaveLength(1);
    expect(new Set(defensive[0]!.domains)).toEqual(truth.defensive);
  });

  it("never calls a campaign on the brand's CDN address and name servers the brand's own", () => {
    const brandIps = new Set(worldBrand(s).ips);
    const onBrandCdn = s.lookalikes.filter((l) => l.campaign_id && l.dns.a.some((ip) => brandIps.has(ip)));
    expect(onBrandCdn.length).toBeGreaterThanOrEqual(3);
    for (const l of onBrandCdn) expect(defensive[0]!.domains).not.toContain(l.domain);
    const score = pairwiseScore(predicted, truth.campaignOf);
    expect(score.precision).toBeGreaterThanOrEqual(0.9);
    expect(score.recall).toBeGreaterThanOrEqual(0.9);
    expect(attack.length).toBeGreaterThan(0);
  });
});

describe("a world where every lookalike is behind one mass-market CDN", () => {
  it("forms no campaign from the shared provider alone", () => {
    const s = generateScenario({ ...base, lookalikes: 300, seed: 8, allBehindCdn: true });
    expect(campaignsOf(s).attack).toEqual([]);
  });
});
