import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { SCAN_STAGES } from "@brandwarden/contract/constants";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { domainFindings, scans, socialFindings, users } from "@brandwarden/web/db/schema";
import { generatePermutations } from "@brandwarden/worker/capabilities/lookalike/generate";
import { startWorldProduct, userWithBrandProfile, type RunningProduct } from "./world-product.ts";
import { expectScanMetrics, METRICS_TOKEN } from "./scan-metrics.ts";

/**
 * A real scan, end to end, in the embedded deployment against the world: the web app creates it,
 * the worker generates, resolves (world DNS), enriches (world web, TLS, RDAP), scores, and every
 * result lands in the database through the event stream.
 */
describe("a scan against the world (embedded)", () => {
  let world: World;
  let running: RunningProduct;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ world, running, stop } = await startWorldProduct(smallScenario(), {
      dataDirPrefix: "bw-e2e-",
      // Prometheus scrapes both services after the scans (the last test).
      env: { METRICS_TOKEN },
    }));
  }, 120_000);

  afterAll(async () => {
    await stop?.();
  });

  it("runs start → queued → running → completed with scored, enriched findings and campaigns", async () => {
    const { services } = running.web.container;
    const db = running.web.container.infra.db;
    const user = await userWithBrandProfile(services, "analyst@acme.example", {
      name: world.scenario.brand.name,
      ownedDomains: [world.scenario.brand.primary_domain],
    });
    const seen = new Set<string>();
    const scan = await services.scans.start({ id: user.id, admin: false });
    // The owned domain's profile is still being built: the dispatch waits for it.
    expect(scan.status).toBe("pending");
    running.web.container.hub.subscribe(scan.id, (m) => seen.add(m.type));
    const statuses = new Set<string>([scan.status]);
    await waitFor(
      async () => {
        const [row] = await db.select().from(scans).where(eq(scans.id, scan.id));
        statuses.add(row!.status);
        return row!.status === "completed" || row!.status === "failed";
      },
      "scan to finish",
      240_000,
    );
    const [done] = await db.select().from(scans).where(eq(scans.id, scan.id));
    expect(done!.error).toBeNull();
    const profile = await services.brandProfile.profile(user.id);
    expect(profile.owned_domains[0]).toMatchObject({
      enrichment_status: "completed",
      title: expect.stringContaining("Acme"),
    });
    expect((done!.start_payload as { domain_profiles: unknown[] }).domain_profiles).toHaveLength(1);
    expect(done!.status).toBe("completed");
    expect(statuses.has("queued") || statuses.has("running")).toBe(true);
    expect(SCAN_STAGES.map((stage) => done!.stage_states[stage]?.status)).toEqual([
      "completed",
      "completed",
      "completed",
      "completed",
      "completed",
      "skipped",
    ]);
    const social = await db.select().from(socialFindings).where(eq(socialFindings.scan_id, scan.id));
    const impersonators = world.scenario.services.social.filter(
      (p) => p.kind === "impersonator" && p.state === "existing",
    );
    const reported = social.filter(
      (f) => f.status === "found" && ["medium", "high", "critical"].includes(f.severity ?? ""),
    );
    expect(reported.length).toBeGreaterThan(impersonators.length / 2);
    const kindOf = (f: { platform: string; handle: string }) =>
      world.scenario.services.social.find(
        (p) => p.platform === f.platform && p.handle.toLowerCase() === f.handle.toLowerCase(),
      )?.kind ?? "not planted";
    expect(
      reported
        .map((f) => `${f.platform}:${f.handle}:${kindOf(f)}`)
        .filter((s) => !s.endsWith(":impersonator")),
    ).toEqual([]);

    const findings = await db.select().from(domainFindings).where(eq(domainFindings.scan_id, scan.id));
    const registered = new Set(
      findings.filter((f) => f.resolve_status === "registered").map((f) => f.domain),
    );
    // Every scenario lookalike the engine generates, with records and no DNS fault, is found registered.
    const generated = new Set(
      generatePermutations(world.scenario.brand.primary_domain, { keywords: ["bank"] }).permutations.map(
        (p) => p.domain,
      ),
    );
    const expected = world.scenario.lookalikes.filter(
      (l) => !l.dns.fault && l.dns.a?.length && generated.has(l.domain),
    );
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.filter((l) => !registered.has(l.domain)).map((l) => l.domain)).toEqual([]);
    expect(findings.every((f) => f.score !== null && f.severity !== null)).toBe(true);

    const phishing = world.scenario.lookalikes.filter(
      (l) => l.site_kind === "phishing" && registered.has(l.domain),
    );
    expect(phishing.length).toBeGreaterThan(0);
    for (const p of phishing) {
      const f = findings.find((x) => x.domain === p.domain)!;
      expect(f.registrar, p.domain).not.toBeNull();
      expect(["medium", "high", "critical"]).toContain(f.severity);
    }
    const parked = world.scenario.lookalikes.filter(
      (l) => l.site_kind === "parked" && registered.has(l.domain),
    );
    for (const p of parked) {
      const f = findings.find((x) => x.domain === p.domain)!;
      expect(f.score!).toBeLessThan(
        Math.min(...phishing.map((q) => findings.find((x) => x.domain === q.domain)!.score!)),
      );
    }
    const inCampaigns = await db
      .select()
      .from(domainFindings)
      .where(and(eq(domainFindings.scan_id, scan.id), isNotNull(domainFindings.campaign_id)));
    expect(inCampaigns.length).toBeGreaterThan(1);
    expect(seen).toContain("findings");
    expect(seen).toContain("complete");
  }, 300_000);

  it("learns the analyst's own weights from their labels and scores their next scan with them", async () => {
    const { services } = running.web.container;
    const db = running.web.container.infra.db;
    const [user] = await db.select().from(users).where(eq(users.email, "analyst@acme.example"));
    const actor = { id: user!.id, admin: false } as const;
    const principal = { user: user!, userId: user!.id, actor, actingFor: false };
    const first = await db.select().from(domainFindings).where(eq(domainFindings.user_id, user!.id));
    const phishing = new Set(
      world.scenario.lookalikes.filter((l) => l.site_kind === "phishing").map((l) => l.domain),
    );
    const confirmed = first.filter((f) => phishing.has(f.domain)).map((f) => f.id);
    const benign = first.filter((f) => !phishing.has(f.domain)).map((f) => f.id);
    expect(confirmed.length + benign.length).toBeGreaterThanOrEqual(10);
    await services.triage.label(principal, "domain", confirmed, "confirmed", "phishing clone");
    await services.triage.label(principal, "domain", benign, "benign", null);

    const scan = await services.scans.start(actor);
    await waitFor(
      async () => (await db.select().from(scans).where(eq(scans.id, scan.id)))[0]!.status === "completed",
      "second scan",
      240_000,
    );
    // The analyst's own set (learned from their labels alone) scored their second scan.
    const weights = await services.scoring.currentWeights(user!.id);
    expect(weights.user_id).toBe(user!.id);
    expect(weights.source).toBe("learned");
    expect(weights.version).toBeGreaterThanOrEqual(1);
    expect(weights.sample_size).toBe(confirmed.length + benign.length);
    const second = await db.select().from(domainFindings).where(eq(domainFindings.scan_id, scan.id));
    const used = second[0]!.signals!;
    for (const [name, s] of Object.entries(used))
      expect(s.weight, name).toBeCloseTo(weights.weights[name]!, 6);
  }, 300_000);

  it("shows the scans on both services' /metrics, to METRICS_TOKEN alone", async () => {
    const db = running.web.container.infra.db;
    const [user] = await db.select().from(users).where(eq(users.email, "analyst@acme.example"));
    const done = await db.select().from(scans).where(eq(scans.user_id, user!.id));
    expect(done.map((s) => s.status)).toEqual(["completed", "completed"]);
    await expectScanMetrics(running, done[0]!.stage_states);
  });
});
