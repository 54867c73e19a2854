import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { isDefensiveCampaign } from "@brandwarden/contract/campaign-describe";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { domainFindings, scans } from "@brandwarden/web/db/schema";
import { pairwiseScore, sizeHistogram } from "@brandwarden/worker/testing/pairwise";
import { generateScenario } from "@brandwarden/world/scenario/generate";
import { campaignTruth } from "@brandwarden/world/scenario/truth";
import type { World } from "@brandwarden/world/world";
import { startWorldProduct, userWithBrandProfile, type RunningProduct } from "./world-product.ts";

/**
 * Campaigns through the real pipeline: a world with real-internet noise (names crowded on a
 * CDN and on shared hosting, one parking service, a kit shared by two actors, a campaign
 * registered one name a week) and the brand itself behind the CDN, scanned end to end (DNS,
 * RDAP, TLS and web enrichment, scoring). The stored findings' campaigns are measured against
 * the world's truth: pairwise precision and recall of at least 0.9, the brand's own
 * registrations grouped apart and none of them in an attack campaign.
 */
describe("campaigns of a noisy world, scanned end to end", () => {
  let world: World;
  let running: RunningProduct;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const scenario = generateScenario({
      brand: "Acme Bank",
      domain: "acmebank.com",
      lookalikes: 150,
      seed: "campaigns-e2e",
      noise: true,
      brandBehindCdn: true,
      now: new Date("2025-06-01T00:00:00.000Z"),
    });
    // With the CT log: its impersonators (found by the scan's `ct` step) copy a planted campaign's
    // hosting, kit and registrar, and belong to that campaign in the truth.
    ({ world, running, stop } = await startWorldProduct(scenario, { dataDirPrefix: "bw-campaigns-" }));
  }, 120_000);

  afterAll(async () => {
    await stop?.();
  });

  it("finds the planted campaigns with pairwise precision and recall of at least 0.9", async () => {
    const { services } = running.web.container;
    const db = running.web.container.infra.db;
    const user = await userWithBrandProfile(services, "campaigns@acme.example", {
      name: world.scenario.brand.name,
      ownedDomains: world.scenario.brand.owned_domains.map((o) => o.domain),
    });
    const scan = await services.scans.start({ id: user.id, admin: false });
    await waitFor(
      async () => {
        const [row] = await db.select().from(scans).where(eq(scans.id, scan.id));
        return row!.status === "completed" || row!.status === "failed";
      },
      "scan to finish",
      480_000,
    );
    const [done] = await db.select().from(scans).where(eq(scans.id, scan.id));
    expect(done!.error).toBeNull();

    const findings = await db.select().from(domainFindings).where(eq(domainFindings.scan_id, scan.id));
    const stored = new Set(findings.map((f) => f.domain));
    const truth = campaignTruth(world.scenario);
    const truthHere = new Map([...truth.campaignOf].filter(([d]) => stored.has(d)));
    // The scan must have found most planted campaign members for the measure to mean anything.
    expect(truthHere.size).toBeGreaterThanOrEqual(0.8 * truth.campaignOf.size);
    expect(new Set(truthHere.values()).size).toBeGreaterThanOrEqual(3);

    const attack = new Map(
      findings
        .filter((f) => f.campaign_id && !isDefensiveCampaign(f.campaign_id))
        .map((f) => [f.domain, f.campaign_id!] as const),
    );
    const score = pairwiseScore(attack, truthHere);
    const sizes = new Map<string, number>();
    for (const id of attack.values()) sizes.set(id, (sizes.get(id) ?? 0) + 1);
    console.log(
      `campaigns e2e: ${truthHere.size} planted members in ${new Set(truthHere.values()).size} campaigns; ` +
        `found ${sizes.size} campaigns; precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}; ` +
        `sizes ${JSON.stringify(sizeHistogram([...sizes.values()]))}`,
    );
    if (score.precision < 0.9 || score.recall < 0.9) {
      // What went wrong, member by member: the planted campaign (or site kind) and the keys.
      const kindOf = new Map(world.scenario.lookalikes.map((l) => [l.domain, l.site_kind]));
      for (const f of findings.filter((x) => attack.has(x.domain)))
        console.log(
          `${f.campaign_id} ${f.domain} truth=${truth.campaignOf.get(f.domain) ?? kindOf.get(f.domain)} ` +
            `registered=${f.registration_created?.toISOString().slice(0, 10)} keys=${(f.campaign_keys ?? []).join(" ")}`,
        );
    }
    expect(score.precision).toBeGreaterThanOrEqual(0.9);
    expect(score.recall).toBeGreaterThanOrEqual(0.9);

    // The brand's own registrations: one group, only theirs, and none of them in an attack.
    const defensive = findings.filter((f) => f.campaign_id && isDefensiveCampaign(f.campaign_id));
    const truthDefensive = [...truth.defensive].filter((d) => stored.has(d));
    expect(truthDefensive.length).toBeGreaterThan(0);
    expect(defensive.map((f) => f.domain).sort()).toEqual(truthDefensive.sort());
    for (const d of truth.defensive) expect(attack.has(d)).toBe(false);
    // ...scored low at most, with the evidence the clusterer saw.
    for (const f of defensive) {
      expect(["info", "low"]).toContain(f.severity);
      expect(f.campaign_keys).toEqual(expect.arrayContaining(["brand:redirect"]));
    }
    // The campaigns the dashboard shows carry names, not ids.
    const shown = await running.web.container.deps.campaigns.forScan(scan.id);
    expect(shown.filter((c) => c.kind === "attack").length).toBe(sizes.size);
    for (const c of shown) expect(c.name).toMatch(/ · \d+ domains$/);
  }, 600_000);
});
