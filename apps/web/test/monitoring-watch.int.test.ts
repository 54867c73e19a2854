import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TAlert } from "@brandwarden/contract/alerts";
import type { TWatchObservation, TWatchRequest } from "@brandwarden/contract/watch";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startSmtp, type RunningSmtp } from "@brandwarden/world/services/smtp";
import { startWebhook, type RunningWebhook } from "@brandwarden/world/services/webhook";
import { ownedDomains, trackedLookalikes, users, watchPins, watchRounds } from "../src/db/schema.ts";
import { newWebhookSecret } from "../src/lib/webhook-signature.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";

const now = () => new Date().toISOString();
const finding = (domain: string, over: Record<string, unknown> = {}) => ({
  domain,
  original_domain: "acmebank.com",
  fuzzer: "homoglyph",
  resolve_status: "registered" as const,
  dns_a: ["203.0.113.20"],
  dns_mx: ["mx.mail.example"],
  registrar: "NameSilo, LLC",
  registration_created: new Date(Date.now() - 86_400_000).toISOString(),
  http_status: 200,
  page_title: "Acme Bank - Sign in",
  login_form: true,
  password_form: true,
  html_similarity: 0.82,
  parked: false,
  score: 88,
  severity: "critical" as const,
  ...over,
});
const observation = (o: Partial<TWatchObservation> & { domain: string }): TWatchObservation => ({
  kind: "checked",
  source: "tracked",
  resolve_status: "registered",
  reachable: true,
  content_changed: false,
  fingerprint: null,
  finding: null,
  checked_at: now(),
  ...o,
});

// The watch between scans, web side: what a round asks the worker, how its results move tracked
// lookalikes and raise alerts (feed, signed webhook, e-mail), pins and "takedown sent".
for (const { variant, status } of await dbVariants()) {
  describe(`the watch on ${variant}`, () => {
    let t: TestWeb;
    let worker: StubWorker;
    let hook: RunningWebhook;
    let smtp: RunningSmtp;
    let owner: ReturnType<typeof browserAgent>;
    let userId: string;
    let seq = 0;
    const apply = (data: unknown, kind = "watch_update") =>
      t.container.consumer.apply({ v: 1, kind, seq: ++seq, ts: now(), data });
    const alerts = async () => (await owner.get("/alerts")).json().alerts as TAlert[];
    const round = async () => {
      const [r] = await t.db.insert(watchRounds).values({ user_id: userId }).returning();
      return r!.id;
    };

    beforeAll(async () => {
      status?.assertAvailable();
      worker = await startStubWorker();
      worker.answer("/watch", 202, { accepted: true });
      hook = await startWebhook({ mode: "up", delay_ms: 0 }, "127.0.0.1", 0);
      smtp = await startSmtp("127.0.0.1", 0, 0);
      t = await startTestWeb(
        variant,
        { ALLOW_PRIVATE_NETWORK: "true", WORKER_URL: worker.url, SMTP_URL: smtp.url },
        { consume: true },
      );
      owner = browserAgent(t.app);
      userId = (await owner.signup(`watch-${randomUUID()}@example.com`)).id;
      await t.db
        .update(users)
        .set({
          webhook_url: `${hook.url}/hooks`,
          webhook_secret: newWebhookSecret(),
          brand_name: "Acme Bank",
          keywords: ["bank"],
        })
        .where(eq(users.id, userId));
      await t.db
        .insert(ownedDomains)
        .values({ user_id: userId, domain: "acmebank.com", enrichment_status: "completed" });
    });
    afterAll(async () => {
      await t?.close();
      await worker?.close();
      await hook?.close();
      await smtp?.close();
    });

    it("a first round, before any scan, records what is registered without alerting", async () => {
      const first = await round();
      await apply({
        watch_id: first,
        user_id: userId,
        observations: [observation({ domain: "acmebank-baseline.com", kind: "registered", source: "watchlist", finding: finding("acmebank-baseline.com") })], // prettier-ignore
        unchanged: [],
        done: true,
      });
      expect(await alerts()).toEqual([]);
      const list = (await owner.get("/lookalikes?q=baseline")).json();
      expect(list.lookalikes).toEqual([
        expect.objectContaining({ name: "acmebank-baseline.com", discovered_by: "watch" }),
      ]);
    });

    it("pins names for the watch, with clear errors for bad input", async () => {
      expect(
        (
          await owner.post("/monitoring/pins", {
            domain: "acme-bank-login.net",
            note: "seen in a phishing mail",
          })
        ).statusCode,
      ).toBe(201);
      const bad = await owner.post("/monitoring/pins", { domain: "not a domain" });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toMatch(/domain/);
      await owner.post("/monitoring/pins", { domain: "acmebank-old.org" });
      expect((await owner.del("/monitoring/pins/acmebank-old.org")).statusCode).toBe(204);
      expect((await owner.del("/monitoring/pins/acmebank-old.org")).statusCode).toBe(404);
      expect((await owner.get("/monitoring/pins")).json().pins).toEqual([
        expect.objectContaining({ domain: "acme-bank-login.net", note: "seen in a phishing mail" }),
      ]);
    });

    it("caps one user's pins at 200: a new name past it is 422, its note can still change", async () => {
      const other = browserAgent(t.app);
      const otherId = (await other.signup(`pins-${randomUUID()}@example.com`)).id;
      await t.db.insert(watchPins).values(Array.from({ length: 200 }, (_, i) => ({ user_id: otherId, domain: `pin${i}.example` }))); // prettier-ignore
      const over = await other.post("/monitoring/pins", { domain: "one-more.example" });
      expect(over.statusCode).toBe(422);
      expect(over.json()).toEqual({
        error: "invalid",
        message: "At most 200 names can be pinned; unpin one first",
      });
      expect((await other.post("/monitoring/pins", { domain: "pin7.example", note: "still watched" })).statusCode).toBe(201); // prettier-ignore
      expect((await other.del("/monitoring/pins/pin0.example")).statusCode).toBe(204);
      expect((await other.post("/monitoring/pins", { domain: "one-more.example" })).statusCode).toBe(201);
      expect((await other.get("/monitoring/pins")).json().pins).toHaveLength(200);
    });

    it("sends the worker the user's watch list: brand, pins, and the lookalikes to re-check", async () => {
      const scan = await insertScan(t.db, userId);
      const parked = await insertDomainFinding(t.db, scan.id, userId, {
        domain: "acmebank-parked.com",
        resolve_status: "registered",
        http_status: 200,
        parked: true,
        page_title: "for sale",
      });
      await insertDomainFinding(t.db, scan.id, userId, {
        domain: "acmebank-live.com",
        resolve_status: "registered",
        http_status: 200,
        parked: false,
      });
      // A takedown case sent for the parked one (the case's sending moves it so): it is tracked
      // from its finding.
      const lookalikes = t.container.services.monitoring.lookalikes;
      const sent = await lookalikes.takedownSent(userId, parked.id, "sent to abuse@registrar");
      expect(sent.lookalike).toMatchObject({ name: "acmebank-parked.com", state: "takedown_requested" });
      expect(sent.lookalike.takedown_requested_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);

      const roundId = await t.container.services.monitoring.watch.startRound(userId);
      expect(roundId).toMatch(/^[0-9a-f-]{36}$/);
      const call = worker.calls.find((c) => c.path === "/watch")!;
      const body = call.body as TWatchRequest;
      expect(call.authorization).toMatch(/^Bearer /);
      expect(body).toMatchObject({
        watch_id: roundId,
        user_id: userId,
        brand_name: "Acme Bank",
        owned_domains: ["acmebank.com"],
        pinned: ["acme-bank-login.net"],
      });
      expect(body.tracked).toEqual([
        {
          domain: "acmebank-parked.com",
          state: "takedown_requested",
          fingerprint: expect.objectContaining({ http_status: 200, parked: true }),
        },
      ]);
      // A second round waits for the first to end.
      expect(await t.container.services.monitoring.watch.startRound(userId)).toBeNull();
      await apply({ watch_id: roundId, user_id: userId, observations: [], unchanged: ["acmebank-parked.com"], done: true, stats: { names: 2000, pinned: 1, tracked: 1, registered: 0, content_checked: 1, content_changed: 0, enriched: 0, dns_queries: 4100, duration_ms: 900 } }); // prettier-ignore
      const last = (await owner.get("/monitoring/watch")).json().last_round;
      expect(last).toMatchObject({ status: "completed", stats: { names: 2000, dns_queries: 4100 } });
    });

    it("a watched name that gets registered joins the tracked lookalikes and alerts at once", async () => {
      const roundId = await round();
      await apply({
        watch_id: roundId,
        user_id: userId,
        observations: [
          observation({
            domain: "acrnebank.com",
            kind: "registered",
            source: "watchlist",
            finding: finding("acrnebank.com"),
          }),
        ],
        unchanged: [],
        done: false,
      });
      const [alert] = await alerts();
      expect(alert).toMatchObject({
        type: "lookalike.registered",
        subject: "acrnebank.com",
        severity: "critical",
        title: "acrnebank.com was just registered",
      });
      expect(alert!.reason).toMatch(
        /watched lookalike of acmebank.com was registered and scores 88 \(critical\)/,
      );
      expect(alert!.reason).toMatch(/its page asks for a login/);
      expect(alert!.link).toMatch(/^\/lookalikes\//);
      const page = (await owner.get(alert!.link)).json();
      expect(page.lookalike).toMatchObject({
        name: "acrnebank.com",
        state: "malicious",
        discovered_by: "watch",
      });
      expect(page.timeline[0]).toMatchObject({ event: "registered", source: "watch" });
      // The page link opens as a page in a browser.
      const nav = await owner.request("GET", alert!.link, undefined, { accept: "text/html" });
      expect(nav.statusCode).not.toBe(500);

      // Delivered: a signed webhook and an e-mail with the link.
      await waitFor(
        () => hook.requests().some((r) => (r.json as { type?: string })?.type === "lookalike.registered"),
        "lookalike.registered webhook",
        30_000,
      );
      const mail = await smtp.waitFor((m) => m.subject.includes("acrnebank.com"), 30_000);
      expect(mail.text).toContain(`https://brandwarden.test${alert!.link}`);
      expect(mail.subject).toBe("Brandwarden: [critical] acrnebank.com was just registered");
      // Delivered again (the event stream is at least once): still one alert.
      await apply({ watch_id: roundId, user_id: userId, observations: [observation({ domain: "acrnebank.com", kind: "registered", source: "watchlist", finding: finding("acrnebank.com") })], unchanged: [], done: true }); // prettier-ignore
      expect((await alerts()).filter((a) => a.type === "lookalike.registered")).toHaveLength(1);
    });

    it("records when a taken-down lookalike went down, and raises reemerged when it is back", async () => {
      const down = await round();
      await apply({ watch_id: down, user_id: userId, observations: [observation({ domain: "acmebank-parked.com", reachable: false })], unchanged: [], done: true }); // prettier-ignore
      const downAlert = (await alerts()).find((a) => a.type === "lookalike.down")!;
      expect(downAlert.reason).toMatch(/takedown requested on .* worked: its site no longer answers/);
      const page = (await owner.get(downAlert.link)).json();
      expect(page.lookalike.state).toBe("down");
      expect(page.lookalike.down_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
      expect(page.timeline.map((e: { event: string }) => e.event).slice(0, 2)).toEqual([
        "down",
        "takedown_requested",
      ]);

      const back = await round();
      await apply({ watch_id: back, user_id: userId, observations: [observation({ domain: "acmebank-parked.com", reachable: true, content_changed: true, finding: finding("acmebank-parked.com") })], unchanged: [], done: true }); // prettier-ignore
      const reemerged = (await alerts()).find((a) => a.type === "lookalike.reemerged")!;
      expect(reemerged.subject).toBe("acmebank-parked.com");
      expect((await owner.get(reemerged.link)).json().lookalike).toMatchObject({ state: "reemerged" });
    });

    it("a parked lookalike whose page changes raises lookalike.changed with the changes", async () => {
      const scan = await insertScan(t.db, userId);
      const f = await insertDomainFinding(t.db, scan.id, userId, { domain: "acmebank-quiet.com", resolve_status: "registered", http_status: 200, parked: true, page_title: "acmebank-quiet.com is for sale", login_form: false, password_form: false, severity: "low", score: 25 }); // prettier-ignore
      // Tracked from its finding (an analyst confirming it, a takedown, or a scan completing all do that).
      await t.container.services.monitoring.lookalikes.takedownSent(userId, f.id, null);
      const id = (await owner.get(`/findings/${f.id}`)).json().lookalike.id;
      // Back to "registered" for this test: a plain parked lookalike.
      await t.db.update(trackedLookalikes).set({ state: "registered" }).where(eq(trackedLookalikes.id, id));
      const r = await round();
      await apply({ watch_id: r, user_id: userId, observations: [observation({ domain: "acmebank-quiet.com", content_changed: true, finding: finding("acmebank-quiet.com", { dns_a: [], dns_mx: [] }) })], unchanged: [], done: true }); // prettier-ignore
      const changed = (await alerts()).find((a) => a.type === "lookalike.changed")!;
      expect(changed.reason).toMatch(
        /^login form appeared; password field appeared; severity low → critical/,
      );
      expect((changed.data.changes as Array<{ field: string }>).map((c) => c.field)).toEqual(
        expect.arrayContaining(["login_form", "password_form", "severity", "page_title"]),
      );
      expect((await owner.get(changed.link)).json().lookalike.state).toBe("malicious");
    });

    it("takes alerts from other sources through the generic entry point (the CT follower's lookalike.discovered)", async () => {
      await apply(
        {
          user_id: userId,
          type: "lookalike.discovered",
          subject: "acmebank-secure-login.com",
          reason: "A certificate for acmebank-secure-login.com was logged in CT log example (index 4242)",
          finding: finding("acmebank-secure-login.com", { discovered_by: ["ct"] }),
          data: { log: "example", index: 4242 },
          dedupe_key: "ct:example:4242",
        },
        "alert",
      );
      const discovered = (await alerts()).find((a) => a.type === "lookalike.discovered")!;
      expect(discovered).toMatchObject({
        title: "New lookalike discovered: acmebank-secure-login.com",
        severity: "critical",
      });
      expect(discovered.data).toMatchObject({ log: "example", index: 4242 });
      expect((await owner.get(discovered.link)).json().lookalike).toMatchObject({
        discovered_by: "ct",
        state: "malicious",
      });
      await waitFor(() => hook.requests().some((r) => (r.json as { type?: string })?.type === "lookalike.discovered"), "discovered webhook", 30_000); // prettier-ignore
    });

    it("an analyst confirms a lookalike malicious; mark-all-read empties the unread count", async () => {
      const list = (await owner.get("/lookalikes?state=down")).json();
      expect(list.lookalikes).toEqual([]);
      const any = (await owner.get("/lookalikes?q=acrnebank")).json().lookalikes[0];
      const confirmed = await owner.post(`/lookalikes/${any.id}/confirm`, { note: "kit seen in the wild" });
      expect(confirmed.json().lookalike.state).toBe("malicious");
      expect((await owner.get("/lookalikes?state=unknown")).statusCode).toBe(422);
      expect((await owner.post("/alerts/read_all")).json().marked).toBeGreaterThan(3);
      expect((await owner.get("/alerts")).json().unread).toBe(0);
    });
  });
}
