import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAlertRaise } from "@brandwarden/contract/alerts";
import type { TLookalikeDetail, TTimeToDetectView } from "@brandwarden/contract/browser/monitoring";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { MIGRATIONS_FOLDER } from "../src/db/client.ts";
import { alerts, ownedDomains, trackedLookalikes } from "../src/db/schema.ts";
import { createMonitoringEventHandlers } from "../src/modules/monitoring/monitoring-events.ts";
import { createTrackingRepository } from "../src/modules/monitoring/tracking.repository.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";

const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;
/** When monitoring began for the medians' user (its first scan). */
const BASE = new Date("2026-01-05T00:00:00Z").getTime();
/** The clock the discovery alerts are raised at. */
const NOW = new Date("2026-03-10T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

// Issue 28, web side: zone files and NRD lists raise `lookalike.discovered` like the CT follower
// (tracked as first seen by their source), each tracked lookalike keeps its registration and
// certificate dates, the lookalikes page gets the median time to detect per source, and the
// alerts say how long after its registration a name was found.
for (const { variant, status } of await dbVariants()) {
  describe(`time to detect on ${variant}`, () => {
    let t: TestWeb;
    let owner: ReturnType<typeof browserAgent>;
    let analyst: ReturnType<typeof browserAgent>;
    let ownerId = "";
    let analystId = "";
    let events: ReturnType<typeof createMonitoringEventHandlers>;

    const discovered = (name: string, data: Record<string, unknown> | undefined, created: string | null) =>
      events.raiseFromSource({
        user_id: ownerId,
        type: "lookalike.discovered",
        subject: name,
        reason: `label "${name.split(".")[0]}" contains the brand "acmebank"`,
        finding: {
          domain: name,
          original_domain: "acmebank.com",
          discovered_by: [String(data?.source ?? "ct")],
          resolve_status: "registered",
          registration_created: created,
          dns_a: ["203.0.113.7"],
          score: 70,
          severity: "high",
        },
        ...(data ? { data } : {}),
        dedupe_key: `test:${name}`,
      } satisfies TAlertRaise);
    const detail = async (id: string) => (await owner.get(`/lookalikes/${id}`)).json() as TLookalikeDetail;

    beforeAll(async () => {
      status?.assertAvailable();
      t = await startTestWeb(variant);
      owner = browserAgent(t.app);
      ownerId = (await owner.signup(`ttd-${randomUUID()}@example.com`)).id;
      analyst = browserAgent(t.app);
      analystId = (await analyst.signup(`ttd-medians-${randomUUID()}@example.com`)).id;
      // The owner's brand has been monitored for a month: discoveries are detections, not pre-existing.
      await t.db.insert(ownedDomains).values({
        user_id: ownerId,
        domain: "acmebank.com",
        enrichment_status: "completed",
        created_at: new Date(NOW.getTime() - 30 * D),
      });
      const { services } = t.container;
      events = createMonitoringEventHandlers({
        db: t.db,
        watch: services.monitoring.watch,
        tracking: createTrackingRepository(t.db),
        users: services.users,
        alerts: services.alerts,
        logger: createSilentLogger(),
        now: () => NOW,
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("a zone-file discovery is tracked as first seen in the zone file, and its alert says when it was registered", async () => {
      const alert = await discovered(
        "acmebank-refunds.com",
        { source: "zone", zone: "com", file: "com.zone.gz" },
        ago(26 * H),
      );
      expect(alert!.reason).toContain("registered 1 d 2 h ago, found in the .com zone file");
      expect(alert!.reason).not.toContain("registered 1 day ago");
      expect(alert!.data).toMatchObject({ source: "zone", zone: "com", file: "com.zone.gz" });
      const d = await detail(alert!.lookalike_id!);
      expect(d.lookalike).toMatchObject({ discovered_by: "zone", registered_at: ago(26 * H) });
      expect(d.timeline.map((o) => [o.source, o.event])).toEqual([["zone", "first_seen"]]);
      expect(d.detection).toMatchObject({
        first_seen_by: "zone",
        registered_at: ago(26 * H),
        first_seen_at: NOW.toISOString(),
        pre_existing: false,
        time_to_detect_ms: 26 * H,
      });
    });

    it("an NRD-list discovery is first seen in the list; a later CT sighting keeps the first source and raises nothing", async () => {
      const alert = await discovered("acmebank-help.net", { source: "nrd", feed: "nrd-daily" }, ago(5 * H));
      expect(alert!.reason).toContain("registered 5 h ago, found in the newly registered domains list");
      const id = alert!.lookalike_id!;
      expect((await detail(id)).lookalike.discovered_by).toBe("nrd");

      const logged = ago(4 * H);
      // Already followed: the certificate is on its timeline, not a second discovery alert.
      expect(
        await discovered("acmebank-help.net", { source: "ct", logged_at: logged }, ago(5 * H)),
      ).toBeNull();
      const d = await detail(id);
      expect(d.lookalike).toMatchObject({ discovered_by: "nrd", cert_first_seen_at: logged });
      expect(d.detection).toMatchObject({ first_seen_by: "nrd", cert_first_seen_at: logged });
    });

    it("a CT discovery (with or without data.source) keeps the entry's logged time as the certificate's first sighting", async () => {
      const logged = ago(90 * MIN);
      const alert = await discovered("acmebank-verify.org", { source: "ct", logged_at: logged }, ago(3 * H));
      expect(alert!.reason).toContain("registered 3 h ago, found by Certificate Transparency");
      const d = await detail(alert!.lookalike_id!);
      expect(d.lookalike).toMatchObject({ discovered_by: "ct", cert_first_seen_at: logged });
      expect(d.timeline[0]!.source).toBe("ct");

      const plain = await discovered("acmebank-plain.org", undefined, null);
      expect(plain!.reason).toBe('label "acmebank-plain" contains the brand "acmebank"');
      const p = await detail(plain!.lookalike_id!);
      expect(p.lookalike.discovered_by).toBe("ct");
      expect(p.detection).toMatchObject({
        registered_at: null,
        time_to_detect_ms: null,
        pre_existing: false,
      });
    });

    it("lists the median time to detect per source, with pre-existing and unknown dates apart", async () => {
      await insertScan(t.db, analystId, { created_at: new Date(BASE) });
      const rows: Array<{ source: string; registered: number | null; seen: number; kind?: "social" }> = [
        // The watch: 1 h, 2 h, 10 h (odd count: the middle one).
        { source: "watch", registered: BASE + D, seen: BASE + D + 1 * H },
        { source: "watch", registered: BASE + 2 * D, seen: BASE + 2 * D + 10 * H },
        { source: "watch", registered: BASE + 3 * D, seen: BASE + 3 * D + 2 * H },
        // CT: 1 h and 4 h (even count: halfway between).
        { source: "ct", registered: BASE + D, seen: BASE + D + 1 * H },
        { source: "ct", registered: BASE + 5 * D, seen: BASE + 5 * D + 4 * H },
        // Zone files: 30 min, and one whose creation date is not known yet.
        { source: "zone", registered: BASE + 6 * D, seen: BASE + 6 * D + 30 * MIN },
        { source: "zone", registered: null, seen: BASE + 6 * D },
        // Scans: one registered long before monitoring began (found by the first scan), one 7 d.
        { source: "scan", registered: BASE - 400 * D, seen: BASE + H },
        { source: "scan", registered: BASE + 2 * D, seen: BASE + 9 * D },
        { source: "scan", registered: null, seen: BASE + H, kind: "social" },
        // A creation date after the first sighting (clocks): no negative time.
        { source: "pinned", registered: BASE + 8 * D + 5 * MIN, seen: BASE + 8 * D },
      ];
      const inserted = await t.db
        .insert(trackedLookalikes)
        .values(
          rows.map((r, i) => ({
            user_id: analystId,
            kind: r.kind ?? ("domain" as const),
            name: r.kind ? `x:acmebank${i}` : `acmebank-${r.source}-${i}.com`,
            state: "live" as const,
            discovered_by: r.source,
            first_seen_at: new Date(r.seen),
            registered_at: r.registered === null ? null : new Date(r.registered),
          })),
        )
        .returning();

      const view = (await analyst.get("/monitoring/time_to_detect")).json() as TTimeToDetectView;
      expect(view.sources).toEqual([
        { source: "scan", detected: 1, median_ms: 7 * D, pre_existing: 1, unknown: 0 },
        { source: "watch", detected: 3, median_ms: 2 * H, pre_existing: 0, unknown: 0 },
        { source: "pinned", detected: 1, median_ms: 0, pre_existing: 0, unknown: 0 },
        { source: "ct", detected: 2, median_ms: 2.5 * H, pre_existing: 0, unknown: 0 },
        { source: "zone", detected: 1, median_ms: 30 * MIN, pre_existing: 0, unknown: 1 },
        { source: "nrd", detected: 0, median_ms: null, pre_existing: 0, unknown: 0 },
      ]);

      // Each lookalike's page applies the same rule.
      const byName = new Map(inserted.map((r) => [r.name, r.id]));
      const old = (
        await analyst.get(`/lookalikes/${byName.get("acmebank-scan-7.com")}`)
      ).json() as TLookalikeDetail;
      expect(old.detection).toMatchObject({
        pre_existing: true,
        time_to_detect_ms: null,
        first_seen_by: "scan",
      });
      const watched = (await analyst.get(`/lookalikes/${byName.get("acmebank-watch-2.com")}`)).json();
      expect(watched.detection).toMatchObject({ pre_existing: false, time_to_detect_ms: 2 * H });

      // One user's figures are theirs alone.
      const mine = (await owner.get("/monitoring/time_to_detect")).json() as TTimeToDetectView;
      expect(mine.sources.find((s) => s.source === "watch")).toMatchObject({ detected: 0, median_ms: null });
      expect(mine.sources.find((s) => s.source === "zone")).toMatchObject({ detected: 1 });
      expect((await browserAgent(t.app).get("/monitoring/time_to_detect")).statusCode).toBe(401);
    });

    it("the migration fills the dates of lookalikes tracked before it from what they kept", async () => {
      const scan = await insertScan(t.db, analystId);
      const f = await insertDomainFinding(t.db, scan.id, analystId, {
        domain: "acmebank-before.com",
        tls_not_before: new Date("2025-06-01T08:00:00Z"),
      });
      const row = (name: string, over: Partial<typeof trackedLookalikes.$inferInsert>) => ({
        user_id: analystId,
        kind: "domain" as const,
        name,
        state: "live" as const,
        discovered_by: "scan",
        ...over,
      });
      const [scanned, found] = await t.db
        .insert(trackedLookalikes)
        .values([
          row("acmebank-before.com", {
            last_finding_id: f.id,
            evidence: { registration_created: "2025-05-30T10:00:00.000Z" },
          }),
          row("acmebank-ct-before.com", {
            discovered_by: "ct",
            evidence: { registration_created: "not a date" },
          }),
        ])
        .returning();
      await t.db.insert(alerts).values({
        user_id: analystId,
        type: "lookalike.discovered",
        subject: found!.name,
        title: "New lookalike",
        reason: "found",
        link: `/lookalikes/${found!.id}`,
        lookalike_id: found!.id,
        data: { source: "ct", logged_at: "2025-07-01T09:30:00.000Z" },
        dedupe_key: `ct:${found!.name}`,
      });
      const migration = await readFile(path.join(MIGRATIONS_FOLDER, "0012_time_to_detect.sql"), "utf8");
      const backfill = migration.split("--> statement-breakpoint").filter((s) => !/ALTER TABLE/.test(s));
      expect(backfill.length).toBe(3);
      for (const statement of backfill) await t.db.execute(sql.raw(statement));

      const [a] = await t.db.select().from(trackedLookalikes).where(eq(trackedLookalikes.id, scanned!.id));
      expect(a!.registered_at).toEqual(new Date("2025-05-30T10:00:00Z"));
      expect(a!.cert_first_seen_at).toEqual(new Date("2025-06-01T08:00:00Z"));
      const [b] = await t.db.select().from(trackedLookalikes).where(eq(trackedLookalikes.id, found!.id));
      expect(b!.registered_at).toBeNull();
      expect(b!.cert_first_seen_at).toEqual(new Date("2025-07-01T09:30:00Z"));
    });
  });
}
