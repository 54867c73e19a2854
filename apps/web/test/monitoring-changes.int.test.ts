import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TDomainFindingInitial } from "@brandwarden/contract/findings";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startWebhook, type RunningWebhook } from "@brandwarden/world/services/webhook";
import { users } from "../src/db/schema.ts";
import { newWebhookSecret } from "../src/lib/webhook-signature.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertScan, parkedFindingInitial, reportCompletedScan } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";

// Two real TLSH hashes of different pages (a parking page, a login clone): far apart.
const PARKED_HASH = "tlsh:T1B1A1C4D2E3F4051627384950A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F607";
const CLONE_HASH = "tlsh:T19F41A7B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1";

type Item = TDomainFindingInitial;
const site = (domain: string, over: Partial<Item> = {}): Item =>
  parkedFindingInitial(domain, {
    registration_created: "2025-05-01T00:00:00.000Z",
    html_hash: PARKED_HASH,
    tls_fingerprint: `fp-${domain}`,
    ...over,
  });
const phishingOver = (): Partial<Item> => ({
  page_title: "Acme Bank - Sign in",
  login_form: true,
  password_form: true,
  parked: false,
  html_hash: CLONE_HASH,
  html_similarity: 0.9,
  score: 85,
  severity: "critical",
});

function verify(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const mac = createHmac("sha256", key)
    .update(`${String(headers["webhook-id"])}.${String(headers["webhook-timestamp"])}.${body}`)
    .digest("base64");
  return headers["webhook-signature"] === `v1,${mac}`;
}

// Change detection when scans complete, tracked lookalikes, the alert feed and its webhook,
// driven through the event stream as the worker drives it.
for (const { variant, status } of await dbVariants()) {
  describe(`monitoring across scans on ${variant}`, () => {
    let t: TestWeb;
    let hook: RunningWebhook;
    let owner: ReturnType<typeof browserAgent>;
    let userId: string;
    const secret = newWebhookSecret();
    const scanIds: string[] = [];

    /** A scan as the worker reports it: its findings, then its completion. */
    async function scan(
      domains: Item[],
      social: Array<{
        platform: "x";
        handle: string;
        status: "found" | "missing" | "unknown";
        display_name?: string;
      }> = [],
      coverage: Array<{ platform: "x"; reason: "rate_limited"; detail: string; probes: number }> = [],
    ) {
      const s = await insertScan(t.db, userId, {
        status: "running",
        created_at: new Date(Date.now() - 10_000 + scanIds.length * 1000),
      });
      scanIds.push(s.id);
      await reportCompletedScan(t.container.consumer, s.id, domains, social, coverage);
      return s.id;
    }
    const findingsOf = async (scanId: string, query = "") =>
      (await owner.get(`/dashboard/findings?scan_id=${scanId}${query}`)).json().findings as Array<{
        id: string;
        domain: string;
        change: string;
        changes: Array<{ field: string; before: unknown; after: unknown }>;
        first_seen_at: string;
        resolve_status: string;
      }>;

    beforeAll(async () => {
      status?.assertAvailable();
      hook = await startWebhook({ mode: "up", delay_ms: 0 }, "127.0.0.1", 0);
      t = await startTestWeb(variant, { ALLOW_PRIVATE_NETWORK: "true" }, { consume: true });
      owner = browserAgent(t.app);
      userId = (await owner.signup(`monitor-${randomUUID()}@example.com`)).id;
      await t.db
        .update(users)
        .set({ webhook_url: `${hook.url}/alerts`, webhook_secret: secret })
        .where(eq(users.id, userId));
    });
    afterAll(async () => {
      await t?.close();
      await hook?.close();
    });

    it("marks every finding of a first scan new, tracks each lookalike, and raises no alert", async () => {
      const first = await scan(
        [
          site("acmebank-login.com"),
          site("acmebank-secure.com", phishingOver()),
          site("acmebank-pay.com"),
          site("acmebank-help.com"),
        ],
        [
          { platform: "x", handle: "acmebank_help", status: "found", display_name: "Acme Bank Help" },
          // The platform could not tell: still new on a first scan, nothing was looked at before.
          { platform: "x", handle: "acmebank_verify", status: "unknown" },
        ],
      );
      const rows = await findingsOf(first);
      expect(rows.map((r) => [r.domain, r.change])).toEqual(
        expect.arrayContaining([
          ["acmebank-login.com", "new"],
          ["acmebank-secure.com", "new"],
          ["acmebank-pay.com", "new"],
          ["acmebank-help.com", "new"],
        ]),
      );
      expect(rows.every((r) => r.first_seen_at)).toBe(true);
      const changes = (await owner.get(`/dashboard/changes?scan_id=${first}`)).json();
      expect(changes).toMatchObject({
        computed: true,
        previous_scan_id: null,
        counts: { new: 4, unchanged: 0 },
        social_counts: { new: 2, unchanged: 0 },
      });
      const list = (await owner.get("/lookalikes")).json();
      expect(list.total).toBe(5);
      // A parked page is registered; a login form on a copy of the brand's page is malicious.
      expect(list.by_state).toEqual({ registered: 3, malicious: 1, live: 1 });
      expect((await owner.get("/alerts")).json()).toMatchObject({ total: 0, unread: 0 });
    });

    it("compares the next scan with the previous one: new, changed (with the changes), unchanged, gone", async () => {
      const second = await scan(
        [
          site("acmebank-login.com", phishingOver()), // a parked page turned into phishing
          site("acmebank-secure.com", phishingOver()),
          site("acmebank-help.com"),
          site("acmebank-verify.com", phishingOver()), // newly registered
          // acmebank-pay.com is no longer registered
        ],
        [{ platform: "x", handle: "acmebank_help", status: "found", display_name: "Acme Bank Help" }],
      );
      const rows = await findingsOf(second);
      const by = new Map(rows.map((r) => [r.domain, r]));
      expect(by.get("acmebank-verify.com")!.change).toBe("new");
      expect(by.get("acmebank-secure.com")!.change).toBe("unchanged");
      expect(by.get("acmebank-help.com")!.change).toBe("unchanged");
      const changed = by.get("acmebank-login.com")!;
      expect(changed.change).toBe("changed");
      expect(changed.changes.map((c) => c.field)).toEqual([
        "page_title",
        "login_form",
        "password_form",
        "page_content",
        "severity",
      ]);
      expect(changed.changes.find((c) => c.field === "severity")).toMatchObject({
        before: "low",
        after: "critical",
      });
      const gone = by.get("acmebank-pay.com")!;
      expect(gone).toMatchObject({ change: "gone", resolve_status: "unregistered" });
      expect(gone.changes).toEqual([
        { field: "resolve_status", before: "registered", after: "unregistered" },
      ]);
      // First seen is when the lookalike was first seen (the first scan), not this scan.
      const firstSeen = (await findingsOf(scanIds[0]!)).find(
        (r) => r.domain === "acmebank-login.com",
      )!.first_seen_at;
      expect(changed.first_seen_at).toBe(firstSeen);
      expect(Date.parse(firstSeen)).toBeLessThan(Date.parse(by.get("acmebank-verify.com")!.first_seen_at));

      // The filter, the counts, the "since last scan" view.
      expect((await findingsOf(second, "&change=changed")).map((r) => r.domain)).toEqual([
        "acmebank-login.com",
      ]);
      expect((await findingsOf(second, "&change=moved")).map((r) => r.domain).sort()).toEqual([
        "acmebank-login.com",
        "acmebank-pay.com",
        "acmebank-verify.com",
      ]);
      expect((await owner.get(`/dashboard/findings?scan_id=${second}&change=sideways`)).statusCode).toBe(422);
      expect((await owner.get(`/dashboard/counts?scan_id=${second}`)).json().by_change).toEqual({
        new: 1,
        changed: 1,
        unchanged: 2,
        reappeared: 0,
        gone: 1,
      });
      const view = (await owner.get("/dashboard/changes")).json();
      expect(view).toMatchObject({
        scan_id: second,
        previous_scan_id: scanIds[0],
        counts: { new: 1, changed: 1, gone: 1, unchanged: 2 },
      });
      expect(view.findings.map((f: { domain: string }) => f.domain)).toEqual([
        "acmebank-verify.com",
        "acmebank-login.com",
        "acmebank-pay.com",
      ]);

      // The lookalikes' lifecycle and timeline.
      const page = (await owner.get(`/findings/${changed.id}`)).json();
      expect(page.lookalike).toMatchObject({ name: "acmebank-login.com", state: "malicious" });
      expect(page.timeline.map((e: { event: string }) => e.event)).toEqual(["changed", "first_seen"]);
      const goneLookalike = (await owner.get(`/findings/${gone.id}`)).json().lookalike;
      expect(goneLookalike).toMatchObject({ state: "down" });
      expect(goneLookalike.down_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
    });

    it("raises findings.changed naming what moved, in the feed and as a signed webhook", async () => {
      const feed = (await owner.get("/alerts")).json();
      expect(feed).toMatchObject({ total: 1, unread: 1 });
      const alert = feed.alerts[0];
      expect(alert).toMatchObject({
        type: "findings.changed",
        scan_id: scanIds[1],
        title: "Since the last scan: 1 new, 1 changed, 1 gone",
      });
      expect(alert.reason).toContain("acmebank-login.com (login form appeared");
      expect(alert.link).toBe(`/dashboard?scan=${scanIds[1]}&change=moved`);
      expect(
        alert.data.findings.map((f: { name: string; change: string }) => `${f.change}:${f.name}`),
      ).toEqual(["new:acmebank-verify.com", "changed:acmebank-login.com", "gone:acmebank-pay.com"]);
      const changedHook = () =>
        hook.requests().find((r) => (r.json as { type?: string })?.type === "findings.changed");
      await waitFor(() => changedHook() !== undefined, "findings.changed webhook", 30_000);
      const received = changedHook()!;
      expect(verify(secret, received.headers, received.body)).toBe(true);
      const body = received.json as { data: { link: string; findings: Array<{ link: string }> } };
      expect(body.data.link).toBe(`https://brandwarden.test/dashboard?scan=${scanIds[1]}&change=moved`);
      expect(body.data.findings[0]!.link).toMatch(/^https:\/\/brandwarden\.test\/findings\//);
      await waitFor(
        async () => (await owner.get("/alerts")).json().alerts[0].delivery.webhook === "delivered",
        "delivery recorded",
        30_000,
      );

      expect((await owner.post(`/alerts/${alert.id}/read`)).json().alert.read_at).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d/,
      );
      expect((await owner.get("/alerts?unread=true")).json()).toMatchObject({ total: 0, unread: 0 });
      expect((await owner.post(`/alerts/${randomUUID()}/read`)).statusCode).toBe(404);
    });

    it("a lookalike back after a scan without it reappears", async () => {
      const third = await scan([
        site("acmebank-login.com", phishingOver()),
        site("acmebank-secure.com", phishingOver()),
        site("acmebank-help.com"),
        site("acmebank-verify.com", phishingOver()),
        site("acmebank-pay.com"),
      ]);
      const rows = await findingsOf(third);
      const back = rows.find((r) => r.domain === "acmebank-pay.com")!;
      expect(back.change).toBe("reappeared");
      expect(back.changes[0]).toEqual({
        field: "resolve_status",
        before: "unregistered",
        after: "registered",
      });
      const page = (await owner.get(`/findings/${back.id}`)).json();
      expect(page.lookalike.state).toBe("reemerged");
      expect(page.timeline.map((e: { event: string }) => e.event)).toEqual([
        "reemerged",
        "gone",
        "first_seen",
      ]);
      expect(rows.filter((r) => r.change === "unchanged")).toHaveLength(4);
    });

    it("does not report a profile gone when the scan could not check its platform", async () => {
      const sites = [site("acmebank-login.com"), site("acmebank-help.com")];
      const profile = { platform: "x" as const, handle: "acmebank_care", status: "found" as const };
      const changesOf = async (scanId: string) =>
        (await owner.get(`/dashboard/changes?scan_id=${scanId}`)).json();
      await scan(sites, [profile]);
      // The next scan found the platform's rate limit spent: one coverage entry, no rows for x.
      const limited = await scan(
        sites,
        [],
        [{ platform: "x", reason: "rate_limited", detail: "rate limit spent", probes: 40 }],
      );
      expect((await changesOf(limited)).social_counts).toMatchObject({ gone: 0 });
      // Checked again and missing: now it is gone.
      const checked = await scan(sites, [{ ...profile, status: "missing" }]);
      expect((await changesOf(checked)).social_counts).toMatchObject({ gone: 1 });
    });

    it("keeps another user's findings and lookalikes to themselves", async () => {
      const [row] = await findingsOf(scanIds[2]!);
      const other = browserAgent(t.app);
      await other.signup(`other-${randomUUID()}@example.com`);
      expect((await other.get(`/findings/${row!.id}`)).statusCode).toBe(404);
      const lookalikeId = (await owner.get(`/findings/${row!.id}`)).json().lookalike.id;
      expect((await other.get(`/lookalikes/${lookalikeId}`)).statusCode).toBe(404);
      expect((await other.get("/lookalikes")).json().total).toBe(0);
      expect((await other.post("/takedowns/cases", { finding_id: row!.id })).statusCode).toBe(404);
    });
  });
}
