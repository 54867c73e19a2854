import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { domainFindings, scans, users } from "@brandwarden/web/db/schema";
import { rankPermutations } from "@brandwarden/worker/use-cases/watch/watchlist";
import { startWorldProduct, userWithBrandProfile, type RunningProduct } from "../world-product.ts";
import { brandwardenHooks, signed, type HookBody } from "../webhook-receipts.ts";

/**
 * Continuous monitoring end to end, embedded deployment against the world: a scan; then the
 * world moves (a new lookalike is registered, a parked one turns into phishing, one is taken
 * down); the watch (every 3 s) alerts on the registration with a signed `lookalike.registered`
 * webhook; a second scan marks the three new / changed / gone and everything else unchanged, and
 * sends `findings.changed` naming the three.
 */
describe("monitoring: the watch between scans and the changes a scan reports", () => {
  let world: World;
  let running: RunningProduct;
  let stop: (() => Promise<void>) | undefined;
  let userId: string;
  let secret: string;
  const scanIds: string[] = [];
  const hooks = () => brandwardenHooks(world);
  const hookOf = (type: string, pred: (b: HookBody) => boolean = () => true) =>
    hooks().find((r) => (r.json as HookBody | undefined)?.type === type && pred(r.json as HookBody));

  async function scanToEnd(): Promise<string> {
    const { services, infra } = running.web.container;
    const scan = await services.scans.start({ id: userId, admin: false });
    scanIds.push(scan.id);
    await waitFor(
      async () => {
        const [row] = await infra.db.select().from(scans).where(eq(scans.id, scan.id));
        return row!.status === "completed" || row!.status === "failed";
      },
      "scan to finish",
      300_000,
    );
    const [row] = await infra.db.select().from(scans).where(eq(scans.id, scan.id));
    expect(row!.status, row!.error ?? "").toBe("completed");
    return scan.id;
  }
  const findingsOf = (scanId: string) =>
    running.web.container.infra.db.select().from(domainFindings).where(eq(domainFindings.scan_id, scanId));

  beforeAll(async () => {
    ({ world, running, stop } = await startWorldProduct(smallScenario(), {
      dataDirPrefix: "bw-monitor-",
      env: { WATCH_INTERVAL: "3s", WATCH_MAX_NAMES: "400" },
    }));
    const { services, infra } = running.web.container;
    const user = await userWithBrandProfile(services, "watcher@acme.example", {
      name: world.scenario.brand.name,
      ownedDomains: [world.scenario.brand.primary_domain],
      webhookUrl: `${world.services!.webhookReceiver.url}/brandwarden`,
    });
    userId = user.id;
    const [row] = await infra.db.select().from(users).where(eq(users.id, user.id));
    secret = row!.webhook_secret!;
  }, 120_000);

  afterAll(async () => {
    await stop?.();
  });

  it("alerts on a new registration within a few watches and reports new / changed / gone at the next scan", async () => {
    const first = await scanToEnd();
    const before = await findingsOf(first);
    expect(before.every((f) => f.change === "new")).toBe(true);
    const registered = (d: { resolve_status: string | null }) => d.resolve_status === "registered";
    const kindOf = (domain: string) => world.scenario.lookalikes.find((l) => l.domain === domain)?.site_kind;

    // What the world will do between the scans, on lookalikes outside any campaign (so no other
    // finding's campaign evidence moves with them).
    const parked = before.find((f) => registered(f) && !f.campaign_id && kindOf(f.domain) === "parked")!;
    const down = before.find(
      (f) =>
        registered(f) && !f.campaign_id && f.domain !== parked.domain && kindOf(f.domain) === "unrelated",
    )!;
    const template = before.find(
      (f) =>
        registered(f) &&
        !f.campaign_id &&
        ![parked.domain, down.domain].includes(f.domain) &&
        kindOf(f.domain) === "unrelated",
    )!;
    expect([parked, down, template].every(Boolean)).toBe(true);
    const request = await running.web.container.services.monitoring.watch.buildRequest(userId, randomUUID());
    const inWorld = new Set(world.scenario.lookalikes.map((l) => l.domain));
    const fresh = rankPermutations(request!)
      .slice(0, 400)
      .find((r) => !inWorld.has(r.domain) && /^[a-z0-9-]+\.com$/.test(r.domain))!.domain;

    const ip = world.changes.lookalike(template.domain)!.dns.a[0]!.replace(/\.\d+\.\d+$/, ".252.9");
    await world.changes.registerLookalike({
      domain: fresh,
      site_kind: "phishing",
      like: template.domain,
      ips: [ip],
    });
    world.changes.turnPhishing(parked.domain);
    world.changes.takeDown(down.domain);

    // The watch finds the registration and says so: a signed webhook (and an e-mail).
    const isFresh = (b: HookBody) => b.data.subject === fresh;
    await waitFor(
      () => hookOf("lookalike.registered", isFresh) !== undefined,
      "lookalike.registered webhook",
      240_000,
    );
    const registeredHook = hookOf("lookalike.registered", isFresh)!;
    expect(signed(secret, registeredHook)).toBe(true);
    const alert = (registeredHook.json as HookBody).data;
    expect(alert.reason).toMatch(/was registered and scores/);
    expect(String(alert.link)).toMatch(/\/lookalikes\/[0-9a-f-]{36}$/);
    expect(alert.finding).toMatchObject({ domain: fresh, login_form: true });
    await world.services!.smtpSink.waitFor((m) => m.subject.includes(`${fresh} was just registered`), 60_000);

    // The second scan: the three moved, nothing else.
    const second = await scanToEnd();
    const after = await findingsOf(second);
    const by = new Map(after.map((f) => [f.domain, f]));
    expect(by.get(fresh)?.change).toBe("new");
    const changed = by.get(parked.domain)!;
    expect(changed.change).toBe("changed");
    expect(changed.changes!.map((c) => c.field)).toEqual(
      expect.arrayContaining(["page_title", "login_form"]),
    );
    expect(changed.changes!.find((c) => c.field === "login_form")).toMatchObject({
      before: false,
      after: true,
    });
    expect(by.get(down.domain)).toMatchObject({ change: "gone", resolve_status: "unregistered" });
    const others = after.filter((f) => ![fresh, parked.domain, down.domain].includes(f.domain));
    expect(others.length).toBeGreaterThan(5);
    expect(others.filter((f) => f.change !== "unchanged").map((f) => `${f.domain}: ${f.change} ${JSON.stringify(f.changes)}`)).toEqual([]); // prettier-ignore

    // findings.changed names the three.
    const ofSecond = (b: HookBody) => b.data.scan_id === second;
    await waitFor(
      () => hookOf("findings.changed", ofSecond) !== undefined,
      "findings.changed webhook",
      120_000,
    );
    const changedHook = hookOf("findings.changed", ofSecond)!;
    expect(signed(secret, changedHook)).toBe(true);
    const listed = (changedHook.json as HookBody).data.findings as Array<{ name: string; change: string; changes: unknown[] }>; // prettier-ignore
    expect(listed.map((f) => `${f.change}:${f.name}`).sort()).toEqual(
      [`new:${fresh}`, `changed:${parked.domain}`, `gone:${down.domain}`].sort(),
    );
    expect(listed.find((f) => f.change === "changed")!.changes.length).toBeGreaterThan(1);
    // And the scan's own webhook (its snapshot) carries each finding's change.
    const ofScan = (b: HookBody) => (b.data.scan as { scan_id?: string } | undefined)?.scan_id === second;
    await waitFor(() => hookOf("scan.completed", ofScan) !== undefined, "scan.completed webhook", 240_000);
    const snapshot = (hookOf("scan.completed", ofScan)!.json as HookBody).data.findings as Array<{
      domain: string;
      change: string;
    }>;
    expect(snapshot.find((f) => f.domain === parked.domain)?.change).toBe("changed");
    expect(snapshot.find((f) => f.domain === down.domain)?.change).toBe("gone");
  }, 900_000);
});
