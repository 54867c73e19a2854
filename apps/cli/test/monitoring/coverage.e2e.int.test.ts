import { access, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { alerts, scans, users } from "@brandwarden/web/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { rankPermutations } from "@brandwarden/worker/use-cases/watch/watchlist";
import { startWorldProduct, userWithBrandProfile, type RunningProduct } from "../world-product.ts";
import { brandwardenHooks, signed, type HookBody } from "../webhook-receipts.ts";

/**
 * Nothing registers unseen (issue 28), embedded deployment against a world that publishes zone
 * files and a newly-registered-domains list. After a first scan:
 * - a candidate ranked far below the watch's top names is registered: the full cycle's slices reach
 *   it within one cycle, and `lookalike.registered` says how long after its registration;
 * - a name no permutation produces is registered in .com and shows in the next day's zone file:
 *   `lookalike.discovered` from the zone (while the NRD list is down, so the zone is what saw it);
 * - another such name in a ccTLD (no public zone file) shows in the NRD list: `lookalike.discovered`
 *   from the list.
 * The watch view says where the cycle stands, and the time-to-detect figures count each source.
 */
const TOP = 100;

describe("coverage between scans: the whole candidate set, zone files and the NRD list", () => {
  let world: World;
  let running: RunningProduct;
  let stop: (() => Promise<void>) | undefined;
  let userId: string;
  let secret: string;
  let stateDir: string;
  const hookOf = (type: string, subject: string) =>
    brandwardenHooks(world).find((r) => {
      const b = r.json as HookBody | undefined;
      return b?.type === type && b.data.subject === subject;
    });
  const awaitHook = async (type: string, subject: string, what: string) => {
    await waitFor(() => hookOf(type, subject) !== undefined, what, 300_000);
    const hook = hookOf(type, subject)!;
    expect(signed(secret, hook)).toBe(true);
    return (hook.json as HookBody).data;
  };

  beforeAll(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), "bw-zone-state-"));
    ({ world, running, stop } = await startWorldProduct(smallScenario(), {
      dataDirPrefix: "bw-coverage-",
      world: { publications: { daily: 30 } },
      env: {
        // A cycle of the ~39,000 candidates every 60 s, in rounds every 2 s or as long as a round takes.
        WATCH_INTERVAL: "2s",
        WATCH_MAX_NAMES: String(TOP),
        WATCH_FULL_CYCLE: "60s",
        WATCH_QPS: "2000",
        ZONE_STATE_DIR: stateDir,
        ZONE_POLL_INTERVAL: "1s",
        NRD_INTERVAL: "1m",
      },
    }));
    const user = await userWithBrandProfile(running.web.container.services, "coverage@acme.example", {
      name: world.scenario.brand.name,
      ownedDomains: [world.scenario.brand.primary_domain],
      webhookUrl: `${world.services!.webhookReceiver.url}/brandwarden`,
    });
    userId = user.id;
    const [row] = await running.web.container.infra.db.select().from(users).where(eq(users.id, user.id));
    secret = row!.webhook_secret!;
  }, 120_000);

  afterAll(async () => {
    await stop?.();
    await rm(stateDir, { recursive: true, force: true });
  });

  it("sees a registration anywhere in the candidate set within one cycle, and new names from the zone file and the NRD list", async () => {
    const { services, infra } = running.web.container;
    const scan = await services.scans.start({ id: userId, admin: false });
    const scanRow = async () => (await infra.db.select().from(scans).where(eq(scans.id, scan.id)))[0]!;
    await waitFor(
      async () => ["completed", "failed"].includes((await scanRow()).status),
      "first scan",
      300_000,
    );
    expect((await scanRow()).status).toBe("completed");
    const { watch, lookalikes } = services.monitoring;
    const nrdDown = (on: boolean) =>
      fetch(`${world.publications!.nrd.url}/__control/faults`, {
        method: "POST",
        body: JSON.stringify({ nrd: on ? "down" : "none" }),
      });

    // The zone watcher has read today's .com file (its baseline) before anything new is published.
    await waitFor(
      () =>
        access(path.join(stateDir, "com.zone.names")).then(
          () => true,
          () => false,
        ),
      "the .com zone's baseline",
      120_000,
    );

    // 1. Far down the ranking: a candidate the top names never include.
    const ranked = rankPermutations((await watch.buildRequest(userId, randomUUID()))!);
    expect(ranked.length).toBeGreaterThan(20_000);
    const inWorld = new Set(world.scenario.lookalikes.map((l) => l.domain));
    const tailIndex = ranked.findIndex(
      (r, i) => i > ranked.length * 0.8 && !inWorld.has(r.domain) && /^[a-z0-9-]+\.com$/.test(r.domain),
    );
    expect(tailIndex).toBeGreaterThan(TOP);
    const tail = ranked[tailIndex]!.domain;
    const template = world.scenario.lookalikes.find(
      (l) => l.site_kind === "unrelated" && !l.campaign_id && !l.dns.fault,
    )!;
    const ip = template.dns.a[0]!.replace(/\.\d+\.\d+$/, ".251.7");
    // 2. Names no permutation produces: one in .com (zone file), one in .de (NRD list only).
    const zoneName = "acmebank-rewards-portal.com";
    const nrdName = "acmebank-kundenservice.de";
    expect(ranked.some((r) => r.domain === zoneName || r.domain === nrdName)).toBe(false);

    // The NRD list is down meanwhile: the zone file, then the watch, are what can see these.
    await nrdDown(true);
    await world.changes.registerLookalike({ domain: zoneName, site_kind: "phishing", like: template.domain, ips: [ip] }); // prettier-ignore
    await world.publications!.publishZones(); // the registry's next day

    const fromZone = await awaitHook("lookalike.discovered", zoneName, "lookalike.discovered from the zone");
    expect(fromZone).toMatchObject({ source: "zone", zone: "com", file: "com.zone.gz" });
    expect(fromZone.finding).toMatchObject({ domain: zoneName, discovered_by: ["zone"], login_form: true });
    expect(fromZone.reason).toMatch(/registered (< 1 min|\d+ min) ago, found in the \.com zone file/);

    // Registered after that publication: in no zone file yet, only the watch can see it.
    const registeredAt = new Date();
    await world.changes.registerLookalike({ domain: tail, site_kind: "phishing", like: template.domain, ips: [ip] }); // prettier-ignore
    const fromWatch = await awaitHook("lookalike.registered", tail, "lookalike.registered from the cycle");
    expect(fromWatch.reason).toMatch(/registered (< 1 min|\d+ min) ago, found by the watch/);
    expect(String(fromWatch.link)).toMatch(/\/lookalikes\/[0-9a-f-]{36}$/);

    await world.changes.registerLookalike({ domain: nrdName, site_kind: "phishing", like: template.domain, ips: [ip] }); // prettier-ignore
    await nrdDown(false);
    const fromNrd = await awaitHook(
      "lookalike.discovered",
      nrdName,
      "lookalike.discovered from the NRD list",
    );
    expect(fromNrd).toMatchObject({ source: "nrd" });
    expect(fromNrd.finding).toMatchObject({ domain: nrdName, discovered_by: ["nrd"] });
    expect(fromNrd.reason).toMatch(/found in the newly registered domains list/);
    // The list also has the two names found before (sorted ahead of it, so handled first): known, no alert.
    const discoveries = await infra.db
      .select({ subject: alerts.subject })
      .from(alerts)
      .where(and(eq(alerts.user_id, userId), eq(alerts.type, "lookalike.discovered")));
    expect(discoveries.filter((a) => [tail, zoneName, nrdName].includes(a.subject)).map((a) => a.subject).sort()).toEqual([zoneName, nrdName].sort()); // prettier-ignore

    // The cycle's slice found it (how soon, in rounds, is the worker's watch-cycle test: a wall-clock
    // bound here would depend on the machine's load).
    const cycle = (await lookalikes.watchCycle(userId))!;
    expect(cycle).not.toBeNull();
    expect(cycle.total).toBeGreaterThan(20_000);
    const seen = await lookalikes.detail(userId, String(fromWatch.link).split("/").pop()!);
    expect(seen.timeline[0]).toMatchObject({ source: "watch", note: "registered (cycle)" });
    expect(Date.parse(seen.detection.first_seen_at)).toBeGreaterThanOrEqual(registeredAt.getTime());
    expect(seen.detection).toMatchObject({ first_seen_by: "watch", pre_existing: false });

    // Time to detect counts each source that saw one of these first.
    const ttd = await lookalikes.timeToDetect(userId);
    const of = (s: string) => ttd.sources.find((x) => x.source === s)!;
    expect(of("watch").detected).toBeGreaterThanOrEqual(1);
    expect(of("zone").detected).toBe(1);
    expect(of("nrd").detected).toBeGreaterThanOrEqual(1);
    expect(of("zone").median_ms).not.toBeNull();
  }, 900_000);
});
