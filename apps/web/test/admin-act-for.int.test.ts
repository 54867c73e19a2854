import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditEvents, domainFindings, reports, users } from "../src/db/schema.ts";
import { ACT_FOR_READ_WINDOW_MS } from "../src/modules/sessions/actor.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan } from "./factories.ts";
import { dbVariants } from "./harness.ts";
import { suiteWebWithStubWorker } from "./suite-web.ts";

// Contract part 5: admins may start scans and edit profiles for any user, but screenshots,
// avatars and the event stream are the owner's. An admin works on another user's data only by
// naming that user (`user_id`), and every such request leaves an `admin_acted_for` audit event.

const PASSWORD = "correct horse battery staple";
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

for (const { variant, status } of await dbVariants()) {
  describe(`admin acting for a user on ${variant}`, () => {
    const t = suiteWebWithStubWorker(variant, status);
    let baseUrl: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

    async function setUp() {
      const owner = browserAgent(t.app);
      const ownerUser = await owner.signup(`owner-${randomUUID()}@example.com`);
      const admin = browserAgent(t.app);
      const adminUser = await admin.signup(`admin-${randomUUID()}@example.com`);
      await t.db.update(users).set({ admin: true }).where(eq(users.id, adminUser.id));
      const scan = await insertScan(t.db, ownerUser.id, { status: "running" });
      const finding = await insertDomainFinding(t.db, scan.id, ownerUser.id, {
        screenshot_key: await t.container.infra.blobs.put(PNG),
      });
      const actedFor = () =>
        t.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.name, "admin_acted_for"), eq(auditEvents.user_id, adminUser.id)));
      return { owner, ownerUser, admin, adminUser, scan, finding, actedFor };
    }

    /** Opens the event stream with the agent's cookies; resolves with the status and the first bytes. */
    async function openStream(agent: ReturnType<typeof browserAgent>, url: string) {
      const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const abort = new AbortController();
      const res = await fetch(baseUrl + url, { headers: { cookie }, signal: abort.signal });
      const first = res.ok ? await res.body!.getReader().read() : null;
      abort.abort();
      return { status: res.status, first: first ? Buffer.from(first.value!).toString("utf8") : "" };
    }

    it("keeps an admin out of another user's screenshots, scans and event stream unless acting for them", async () => {
      const { admin, scan, finding, actedFor } = await setUp();
      for (const url of [
        `/media/screenshots/${finding.id}`,
        `/dashboard/status?scan_id=${scan.id}`,
        `/dashboard/findings?scan_id=${scan.id}`,
      ])
        expect({ url, status: (await admin.get(url)).statusCode }).toEqual({ url, status: 404 });
      expect((await openStream(admin, `/scans/${scan.id}/events`)).status).toBe(404);
      expect((await admin.post(`/dashboard/scans/${scan.id}/stop`)).statusCode).toBe(404);
      expect(await actedFor()).toHaveLength(0);
    });

    it("lets an admin naming the user see their media, stream and scans, reads recorded once a session", async () => {
      const { admin, adminUser, ownerUser, scan, finding, actedFor } = await setUp();
      const as = `user_id=${ownerUser.id}`;
      const shot = await admin.get(`/media/screenshots/${finding.id}?${as}`);
      expect(shot.statusCode).toBe(200);
      expect(shot.headers["content-type"]).toBe("image/png");
      const stream = await openStream(admin, `/scans/${scan.id}/events?${as}`);
      expect(stream.status).toBe(200);
      expect(stream.first).toContain(`scan_${scan.id}`);
      const findings = (await admin.get(`/dashboard/findings?scan_id=${scan.id}&${as}`)).json();
      // The table's screenshot links carry the act-for, so the admin's browser can load them.
      expect(findings.findings[0].screenshot_url).toBe(`/media/screenshots/${finding.id}?${as}`);
      const list = (await admin.get(`/dashboard/scans?${as}`)).json();
      expect(list.scans.map((s: { scan_id: string }) => s.scan_id)).toEqual([scan.id]);
      // Reads are recorded once per admin, session and user in a window: the pages poll every 2 s.
      const events = await actedFor();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        subject_id: ownerUser.id,
        data: { action: "GET /media/screenshots/:id", reads_for_ms: ACT_FOR_READ_WINDOW_MS },
      });
      // Another of the admin's sessions starts its own window.
      const second = browserAgent(t.app);
      await second.init();
      expect((await second.post("/session", { email: adminUser.email, password: PASSWORD })).statusCode).toBe(
        200,
      );
      expect((await second.get(`/dashboard/scans?${as}`)).statusCode).toBe(200);
      expect((await actedFor()).map((e) => e.data.action)).toEqual([
        "GET /media/screenshots/:id",
        "GET /dashboard/scans",
      ]);
    });

    it("holds an admin to the owner rule for reports, takedowns and triage: 404 unless acting for the user", async () => {
      const { admin, ownerUser, scan, finding, actedFor } = await setUp();
      const pdf = await t.container.infra.blobs.put(Buffer.from("%PDF-1.4 report"));
      await t.db
        .insert(reports)
        .values({ scan_id: scan.id, status: "ready", full_key: pdf, summary_key: pdf });
      t.worker.answer("/takedown/generate", 200, { subject: "Abuse report", body: "Dear abuse desk" });
      const label = { kind: "domain", finding_id: finding.id, label: "confirmed" };

      // Without naming the user, the admin is an ordinary user: the owner's things do not exist.
      expect((await admin.get(`/reports/${scan.id}`)).statusCode).toBe(404);
      expect((await admin.post("/takedowns", { finding_id: finding.id })).statusCode).toBe(404);
      expect((await admin.post("/triage/feedback", label)).statusCode).toBe(404);
      expect((await admin.get("/triage/queue")).json().items).toEqual([]);
      expect(await actedFor()).toHaveLength(0);

      const as = `user_id=${ownerUser.id}`;
      const report = await admin.get(`/reports/${scan.id}?${as}`);
      expect(report.statusCode).toBe(200);
      expect(report.headers["content-type"]).toBe("application/pdf");
      const queue = (await admin.get(`/triage/queue?${as}`)).json().items;
      expect(queue.map((i: { finding: { id: string } }) => i.finding.id)).toEqual([finding.id]);
      // The queue's screenshot links carry the act-for, so the admin's browser can load them.
      expect(queue[0].finding.screenshot_url).toBe(`/media/screenshots/${finding.id}?${as}`);
      const draft = await admin.post(`/takedowns?${as}`, { finding_id: finding.id });
      expect(draft.json()).toEqual({ subject: "Abuse report", body: "Dear abuse desk" });
      expect((await admin.post(`/triage/feedback?${as}`, label)).json()).toMatchObject({ labeled: 1 });
      const [labelled] = await t.db.select().from(domainFindings).where(eq(domainFindings.id, finding.id));
      expect(labelled!.label).toBe("confirmed");
      // Changes are recorded each; reads once in the window (here the report, the first read).
      expect((await actedFor()).map((e) => e.data.action).sort()).toEqual(
        ["GET /reports/:id", "POST /takedowns", "POST /triage/feedback"].sort(),
      );
    });

    it("lets an admin edit a user's profile and start, stop and resume their scans, recorded", async () => {
      const { admin, adminUser, ownerUser, scan: running, actedFor } = await setUp();
      const as = `user_id=${ownerUser.id}`;
      const saved = await admin.put(`/account?${as}`, {
        brand_name: "Acme Bank",
        brand_names: [],
        keywords: ["bank"],
        owned_domains: ["acmebank.com"],
        social_handles: [],
        webhook_url: null,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().owned_domains.map((d: { domain: string }) => d.domain)).toEqual(["acmebank.com"]);
      expect((await admin.get("/account")).json().owned_domains).toEqual([]);
      // Each user runs one scan at a time: while the owner's scan runs, a start names it in a 409.
      const refused = await admin.post("/dashboard/scans", { user_id: ownerUser.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details).toEqual({ scan_id: running.id, status: "running" });
      expect((await admin.post(`/dashboard/scans/${running.id}/stop?${as}`)).json().scan.status).toBe(
        "cancelled",
      );
      // Domain enrichment is pending, so the scan waits as `pending`; it is the owner's scan.
      const started = await admin.post("/dashboard/scans", { user_id: ownerUser.id });
      expect(started.statusCode).toBe(201);
      expect(started.json().scan.user_id).toBe(ownerUser.id);
      const id = started.json().scan_id as string;
      expect((await admin.post(`/dashboard/scans/${id}/stop?${as}`)).json().scan.status).toBe("cancelled");
      expect((await admin.post(`/dashboard/scans/${id}/resume?${as}`)).statusCode).toBe(200);
      const actions = (await actedFor()).map((e) => `${e.data.action} ${e.scan_id ?? ""}`.trim());
      expect(actions.sort()).toEqual(
        [
          "PUT /account",
          "POST /dashboard/scans",
          "POST /dashboard/scans",
          `POST /dashboard/scans/:id/stop ${running.id}`,
          `POST /dashboard/scans/:id/stop ${id}`,
          `POST /dashboard/scans/:id/resume ${id}`,
        ].sort(),
      );
      // The admin area reads one user; to anyone else it does not exist.
      expect((await admin.get(`/admin/users/${ownerUser.id}`)).json().user).toMatchObject({
        id: ownerUser.id,
        email: ownerUser.email,
      });
      expect((await admin.get(`/admin/users/${randomUUID()}`)).statusCode).toBe(404);
      // The admin's own data stays untouched; a non-admin naming another user finds nobody.
      expect((await admin.get(`/dashboard/scans`)).json().scans).toEqual([]);
      const stranger = browserAgent(t.app);
      await stranger.signup(`stranger-${randomUUID()}@example.com`);
      expect((await stranger.get(`/account?user_id=${adminUser.id}`)).statusCode).toBe(404);
      expect((await stranger.post("/dashboard/scans", { user_id: ownerUser.id })).statusCode).toBe(404);
      expect((await stranger.get(`/admin/users/${ownerUser.id}`)).statusCode).toBe(404);
    });
  });
}
