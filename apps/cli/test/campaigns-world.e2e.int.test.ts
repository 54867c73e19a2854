import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { isDefensiveCampaign } from "@brandwarden/contract/campaign-describe";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { domainFindings, scans } from "@brandwarden/web/db/schema";
import { pairwiseScore, sizeHistogram } from "@brandwarden/worker/testing/pairwise";
import { generateScenario } from "@brandwarden/world/scenario/generate";
import { campaignTruth } from "@brandwarden/world/scenario/truth";
import { startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { startEmbedded } from "../src/commands/start.ts";

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
  let running: Awaited<ReturnType<typeof startEmbedded>>;
  let dataDir: string;

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
    world = await startTestWorld(scenario);
    dataDir = await mkdtemp(path.join(tmpdir(), "bw-campaigns-"));
    running = await startEmbedded({
      ...process.env,
      ...world.env,
      DATA_DIR: dataDir,
      WEB_PORT: String(await freePort()),
      WORKER_PORT: String(await freePort()),
      INTERNAL_API_TOKEN: "e2e-internal-token-0123456789",
      SESSION_SECRET: "e2e-session-secret-0123456789-0123456789",
      LOG_LEVEL: "warn",
      SCREENSHOTS: "false",
      RESCAN_INTERVAL: "0",
      DNS_TIMEOUT_MS: "5000",
    });
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await world?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("finds the planted campaigns with pairwise precision and recall of at least 0.9", async () => {
    const { services } = running.web.container;
    const db = running.web.container.infra.db;
    const user = await services.users.createUser({
      email: "campaigns@acme.example",
      password: "correct horse battery",
    });
    await services.account.updateProfile(user.id, {
      brand_name: world.scenario.brand.name,
      brand_names: [],
      keywords: ["bank"],
      owned_domains: world.scenario.brand.owned_domains.map((o) => o.domain),
      social_handles: [],
      webhook_url: null,
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
