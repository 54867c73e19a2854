import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { eventChannel, type TEventMessage } from "@brandwarden/contract/events";
import type { TStageState } from "@brandwarden/contract/scan";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startWebhook, type RunningWebhook } from "@brandwarden/world/services/webhook";
import { auditEvents, domainFindings, ownedDomains, reports, scans, users } from "../src/db/schema.ts";
import type { ScanStreamMessage } from "../src/live/scan-stream.ts";
import { activeKey } from "../src/modules/scans/scans.service.ts";
import { newWebhookSecret } from "../src/modules/webhooks/webhook-signature.ts";
import { insertUser } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";

const PREFIX = "brandwarden";
const st = (status: TStageState["status"], done = 0, total = 0): TStageState => ({
  status,
  done,
  total,
  started_at: null,
  finished_at: null,
});
const ALL_DONE = {
  generate: st("completed", 10, 10),
  resolve: st("completed", 10, 10),
  enrich: st("completed", 3, 3),
  social: st("skipped"),
  score: st("completed", 3, 3),
  audit: st("skipped"),
};
const PDF = Buffer.from("%PDF-1.7\n%fake but opaque bytes\n").toString("base64");

for (const { variant, status } of await dbVariants()) {
  const title = `scan lifecycle and event consumer on ${variant}`;
  describe(title, () => {
    let t: TestWeb;
    let worker: StubWorker;
    let hook: RunningWebhook;
    let seq = 0;

    beforeAll(async () => {
      status?.assertAvailable();
      worker = await startStubWorker();
      hook = await startWebhook({ mode: "up", delay_ms: 0 }, "127.0.0.1", 0);
      t = await startTestWeb(
        variant,
        { WORKER_URL: worker.url, ALLOW_PRIVATE_NETWORK: "true" },
        { consume: true },
      );
    });
    afterAll(async () => {
      await t?.close();
      await worker?.close();
      await hook?.close();
    });
    beforeEach(() => {
      worker.calls.length = 0;
    });

    const publish = async (
      kind: TEventMessage["kind"],
      scanId: string | undefined,
      data: unknown,
      s = ++seq,
    ) => {
      await t.container.infra.bus.publish(eventChannel(PREFIX, kind), {
        v: 1,
        kind,
        scan_id: scanId,
        seq: s,
        ts: new Date().toISOString(),
        data,
      });
    };
    const scanRow = async (id: string) => (await t.db.select().from(scans).where(eq(scans.id, id)))[0]!;
    const streamOf = (scanId: string) => {
      const got: ScanStreamMessage[] = [];
      t.container.hub.subscribe(scanId, (m) => got.push(m));
      return got;
    };

    async function userWithDomain(over: Partial<typeof ownedDomains.$inferInsert> = {}) {
      const user = await insertUser(t.db, { keywords: ["Bank", "login"], keyword_generation: 1 });
      await t.db.insert(ownedDomains).values({
        user_id: user.id,
        domain: "acmebank.com",
        enrichment_status: "completed",
        profile: {
          domain: "acmebank.com",
          title: "Acme Bank",
          content_snippet: "Welcome",
          ips: ["127.0.0.9"],
          name_servers: ["ns1.acmebank.com"],
          html_hash: "T1",
          favicon_hash: null,
          screenshot_hash: null,
          fetched_at: new Date().toISOString(),
        },
        ...over,
      });
      return user;
    }

    it("refuses to start a scan without an owned domain", async () => {
      const user = await insertUser(t.db);
      await expect(t.container.services.scans.start({ id: user.id, admin: false })).rejects.toMatchObject({
        code: "invalid",
      });
    });

    it("dispatches with merged keywords and domain profiles, then follows progress to completion", async () => {
      const user = await userWithDomain();
      await t.container.services.users.saveDerivedKeywords(user.id, {
        keywords: ["AcmePay", "bank"],
        generation: 1,
      });
      const scan = await t.container.services.scans.start({ id: user.id, admin: false });
      expect(scan.status).toBe("queued");
      const call = worker.calls.find((c) => c.path === "/scan/start");
      expect(call!.path).toBe("/scan/start");
      expect(call!.authorization).toBe("Bearer test-internal-token-0123456789");
      expect(call!.body).toMatchObject({
        scan_id: scan.id,
        user_id: user.id,
        keywords: ["bank", "login", "acmepay"],
        owned_domains: ["acmebank.com"],
        domain_profiles: [{ domain: "acmebank.com", title: "Acme Bank" }],
        resume_from_stage: null,
      });
      expect(await t.container.infra.kv.get(activeKey(scan.id))).toBe("1");
      const stream = streamOf(scan.id);

      await publish("scan_update", scan.id, {
        status: "running",
        stage_states: { generate: st("running", 1, 10) },
      });
      await waitFor(async () => (await scanRow(scan.id)).status === "running", "condition");
      await publish("findings_initial", scan.id, {
        original_domain: "acmebank.com",
        findings: [
          {
            domain: "acrnebank.com",
            fuzzer: "homoglyph",
            fuzzers: ["homoglyph"],
            resolve_status: "registered",
            dns_a: ["127.1.0.5"],
          },
          { domain: "acmebank-login.com", fuzzer: "combosquatting", resolve_status: "registered" },
        ],
      });
      await publish("findings_delta", scan.id, {
        findings: [
          {
            domain: "acrnebank.com",
            login_form: true,
            score: 82,
            severity: "critical",
            registration_created: "2026-11-01T00:00:00.000Z",
            screenshot_png: Buffer.from("png-bytes").toString("base64"),
          },
        ],
      });
      await waitFor(async () => {
        const rows = await t.db.select().from(domainFindings).where(eq(domainFindings.scan_id, scan.id));
        return rows.length === 2 && rows.some((r) => r.score === 82);
      }, "findings upserted");
      const [f] = await t.db.select().from(domainFindings).where(eq(domainFindings.domain, "acrnebank.com"));
      expect(f).toMatchObject({
        original_domain: "acmebank.com",
        fuzzer: "homoglyph",
        dns_a: ["127.1.0.5"],
        login_form: true,
      });
      expect(f!.registration_created?.toISOString()).toBe("2026-11-01T00:00:00.000Z");
      expect((await t.container.infra.blobs.get(f!.screenshot_key!))?.toString()).toBe("png-bytes");

      // A duplicate and an out-of-order update change nothing.
      const lastSeq = ++seq;
      await publish(
        "scan_update",
        scan.id,
        { status: "running", stage_states: { resolve: st("running", 5, 10) } },
        lastSeq,
      );
      await publish(
        "scan_update",
        scan.id,
        { status: "running", stage_states: { resolve: st("running", 5, 10) } },
        lastSeq,
      );
      await publish(
        "scan_update",
        scan.id,
        { status: "running", stage_states: { resolve: st("running", 2, 10) } },
        lastSeq - 1,
      );
      await waitFor(async () => (await scanRow(scan.id)).stage_states.resolve?.done === 5, "condition");
      await new Promise((r) => setTimeout(r, 100));
      expect((await scanRow(scan.id)).stage_states.resolve?.done).toBe(5);
      await publish("scan_update", scan.id, {
        status: "running",
        stage_states: { resolve: st("running", 7, 10) },
      });
      await waitFor(async () => (await scanRow(scan.id)).stage_states.resolve?.done === 7, "progress");

      worker.answer("/report/generate", 200, { full: PDF, summary: PDF });
      await t.db
        .update(users)
        .set({ webhook_url: `${hook.url}/hooks/bw`, webhook_secret: newWebhookSecret() })
        .where(eq(users.id, user.id));
      await publish("scan_update", scan.id, { status: "completed", stage_states: ALL_DONE });
      await waitFor(async () => (await scanRow(scan.id)).status === "completed", "condition");
      const done = await scanRow(scan.id);
      expect(done.completed_at).not.toBeNull();
      expect(done.stage_states.generate).toEqual(ALL_DONE.generate);
      expect(await t.container.infra.kv.get(activeKey(scan.id))).toBeNull();
      expect(stream.map((m) => m.type)).toEqual(
        expect.arrayContaining(["phase_update", "findings", "phase_progress", "complete"]),
      );

      // Report job: both PDFs stored, status ready, audit event; then the signed webhook.
      await waitFor(
        async () =>
          (await t.db.select().from(reports).where(eq(reports.scan_id, scan.id)))[0]?.status === "ready",
        "report ready",
        10_000,
      );
      const events = await t.db.select().from(auditEvents).where(eq(auditEvents.scan_id, scan.id));
      expect(events.map((e) => e.name).sort()).toEqual([
        "report_generated",
        "scan_completed",
        "scan_started",
      ]);
      await waitFor(() => hook.requests().some((r) => r.path === "/hooks/bw"), "webhook delivered", 10_000);
      const delivered = hook.requests().find((r) => r.path === "/hooks/bw")!;
      const [u] = await t.db.select().from(users).where(eq(users.id, user.id));
      const h = delivered.headers as Record<string, string>;
      const expected = createHmac("sha256", Buffer.from(u!.webhook_secret!.slice(6), "base64"))
        .update(`${h["webhook-id"]}.${h["webhook-timestamp"]}.${delivered.body}`)
        .digest("base64");
      expect(h["webhook-signature"]).toBe(`v1,${expected}`);
      expect(delivered.json).toMatchObject({
        type: "scan.completed",
        data: {
          scan: { scan_id: scan.id, status: "completed" },
          findings_summary: { domains: 2 },
          report: { full: PDF, summary: PDF },
        },
      });

      // Late events for a finished scan are ignored.
      await publish("scan_update", scan.id, { status: "running", stage_states: { audit: st("running") } });
      await new Promise((r) => setTimeout(r, 100));
      expect((await scanRow(scan.id)).status).toBe("completed");
    });

    it.each(["down", "slow"] as const)(
      "keeps the scan completed when the webhook receiver is %s",
      async (mode) => {
        const user = await userWithDomain();
        await t.db
          .update(users)
          .set({ webhook_url: `${hook.url}/hooks/${mode}`, webhook_secret: newWebhookSecret() })
          .where(eq(users.id, user.id));
        worker.answer("/report/generate", 200, { full: PDF, summary: PDF });
        await hook.setMode(mode, 20_000);
        try {
          const scan = await t.container.services.scans.start({ id: user.id, admin: false });
          await publish("scan_update", scan.id, { status: "completed", stage_states: ALL_DONE });
          await waitFor(
            async () =>
              (await t.db.select().from(reports).where(eq(reports.scan_id, scan.id)))[0]?.status === "ready",
            "report ready",
            10_000,
          );
          await new Promise((r) => setTimeout(r, 1500));
          const row = await scanRow(scan.id);
          expect(row.status).toBe("completed");
          expect(row.error).toBeNull();
          if (mode === "down") expect(hook.requests().some((r) => r.path === `/hooks/${mode}`)).toBe(false);
        } finally {
          await hook.setMode("up");
        }
      },
    );

    it("defers dispatch until the domain profile of the current generation arrives; stale profiles are ignored", async () => {
      const user = await userWithDomain({ enrichment_status: "pending", profile: null, generation: 2 });
      const [domain] = await t.db.select().from(ownedDomains).where(eq(ownedDomains.user_id, user.id));
      const scan = await t.container.services.scans.start({ id: user.id, admin: false });
      expect(scan.status).toBe("pending");
      expect(worker.calls.filter((c) => c.path === "/scan/start")).toHaveLength(0);
      const profile = {
        domain: "acmebank.com",
        title: "Acme Bank v2",
        content_snippet: null,
        ips: [],
        name_servers: [],
        html_hash: null,
        favicon_hash: null,
        screenshot_hash: null,
        fetched_at: new Date().toISOString(),
      };
      await publish("domain_profile", undefined, {
        owned_domain_id: domain!.id,
        user_id: user.id,
        generation: 1,
        status: "completed",
        profile,
      });
      await new Promise((r) => setTimeout(r, 150));
      expect((await scanRow(scan.id)).status).toBe("pending");
      await publish("domain_profile", undefined, {
        owned_domain_id: domain!.id,
        user_id: user.id,
        generation: 2,
        status: "completed",
        profile,
      });
      await waitFor(async () => (await scanRow(scan.id)).status === "queued", "condition");
      expect(worker.calls.find((c) => c.path === "/scan/start")!.body).toMatchObject({
        domain_profiles: [{ title: "Acme Bank v2" }],
      });
    });

    it("stops a scan: cancelled, active key cleared, cancel broadcast, later events ignored", async () => {
      const user = await userWithDomain();
      const scan = await t.container.services.scans.start({ id: user.id, admin: false });
      const commands: unknown[] = [];
      const unsub = await t.container.infra.bus.psubscribe(
        eventChannel(PREFIX, "control"),
        (_c, m) => void commands.push(m),
      );
      await publish("scan_update", scan.id, { status: "running", stage_states: { generate: st("running") } });
      await waitFor(async () => (await scanRow(scan.id)).status === "running", "condition");
      const stranger = { id: randomUUID(), admin: false };
      await expect(t.container.services.scans.stop(stranger, scan.id)).rejects.toMatchObject({
        code: "not_found",
      });
      const stopped = await t.container.services.scans.stop({ id: user.id, admin: false }, scan.id);
      expect(stopped.status).toBe("cancelled");
      expect(await t.container.infra.kv.get(activeKey(scan.id))).toBeNull();
      await waitFor(() => commands.length === 1, "condition");
      expect(commands[0]).toEqual({ type: "cancel", scan_id: scan.id });
      await publish("scan_update", scan.id, { status: "completed", stage_states: ALL_DONE });
      await publish("findings_initial", scan.id, {
        original_domain: "acmebank.com",
        findings: [{ domain: "late.com" }],
      });
      await new Promise((r) => setTimeout(r, 150));
      expect((await scanRow(scan.id)).status).toBe("cancelled");
      expect(
        await t.db.select().from(domainFindings).where(eq(domainFindings.scan_id, scan.id)),
      ).toHaveLength(0);
      await unsub();
    });

    it("resumes a terminal scan from its first incomplete stage; only terminal scans resume", async () => {
      const user = await userWithDomain();
      const scan = await t.container.services.scans.start({ id: user.id, admin: false });
      const actor = { id: user.id, admin: false };
      await expect(t.container.services.scans.resume(actor, scan.id)).rejects.toMatchObject({
        code: "conflict",
      });
      await publish("scan_update", scan.id, {
        status: "failed",
        error: "worker crashed",
        stage_states: { generate: st("completed"), resolve: st("completed"), enrich: st("failed") },
      });
      await waitFor(async () => (await scanRow(scan.id)).status === "failed", "condition");
      worker.calls.length = 0;
      const admin = { id: randomUUID(), admin: true };
      const resumed = await t.container.services.scans.resume(admin, scan.id);
      expect(resumed.status).toBe("queued");
      expect(resumed.resume_from_stage).toBe("enrich");
      expect(worker.calls.find((c) => c.path === "/scan/start")!.body).toMatchObject({
        scan_id: scan.id,
        resume_from_stage: "enrich",
      });
      // Its events are numbered afresh and applied again.
      await publish(
        "scan_update",
        scan.id,
        { status: "running", stage_states: { enrich: st("running") } },
        1,
      );
      await waitFor(async () => (await scanRow(scan.id)).status === "running", "condition");
    });

    it("fails a scan visibly when the worker cannot take it", async () => {
      const user = await userWithDomain();
      worker.answer("/scan/start", 503, { error: "internal", message: "overloaded" });
      const scan = await t.container.services.scans.start({ id: user.id, admin: false });
      worker.answer("/scan/start", 202, { accepted: true });
      expect(scan.status).toBe("failed");
      expect(scan.error).toContain("503");
    });

    it("drops malformed events without touching the database", async () => {
      const user = await userWithDomain();
      const scan = await t.container.services.scans.start({ id: user.id, admin: false });
      await t.container.infra.bus.publish(eventChannel(PREFIX, "scan_update"), {
        v: 1,
        kind: "scan_update",
        seq: 1,
        scan_id: scan.id,
        data: { status: "exploded" },
      });
      await t.container.infra.bus.publish(eventChannel(PREFIX, "scan_update"), {
        v: 1,
        kind: "log",
        seq: 2,
        scan_id: scan.id,
        ts: new Date().toISOString(),
        data: { level: "info", message: "x" },
      });
      await new Promise((r) => setTimeout(r, 100));
      expect((await scanRow(scan.id)).status).toBe("queued");
    });

    it("fails scans whose worker stopped reporting, with the audit event, browser push and webhook", async () => {
      const user = await userWithDomain();
      await t.db
        .update(users)
        .set({ webhook_url: `${hook.url}/hooks/stalled`, webhook_secret: newWebhookSecret() })
        .where(eq(users.id, user.id));
      const scan = await t.container.services.scans.start({ id: user.id, admin: false });
      await t.db.update(scans).set({ status: "running" }).where(eq(scans.id, scan.id));
      const waiting = await t.container.services.scans.start({ id: user.id, admin: false });
      const alive = await t.container.services.scans.start({ id: user.id, admin: false });
      const pushed = streamOf(scan.id);
      // Every key runs out; then a worker's "queued" heartbeat renews the waiting scan's key only.
      for (const s of [scan, waiting, alive]) await t.container.infra.kv.del(activeKey(s.id));
      await t.container.infra.kv.set(activeKey(alive.id), "1", 60_000);
      await publish("scan_update", waiting.id, { status: "queued", stage_states: {} });
      await waitFor(async () => Boolean(await t.container.infra.kv.get(activeKey(waiting.id))), "heartbeat");

      expect(await t.container.services.scans.failStalled()).toBe(1);
      const failed = await scanRow(scan.id);
      expect(failed).toMatchObject({ status: "failed", error: expect.stringMatching(/stopped reporting/) });
      expect(failed.completed_at).not.toBeNull();
      expect((await scanRow(waiting.id)).status).toBe("queued");
      expect((await scanRow(alive.id)).status).toBe("queued");
      expect(pushed.map((m) => m.type)).toContain("failed");
      const events = await t.db.select().from(auditEvents).where(eq(auditEvents.scan_id, scan.id));
      expect(events.map((e) => e.name)).toContain("scan_failed");
      await waitFor(() => hook.requests().some((r) => r.path === "/hooks/stalled"), "webhook", 10_000);
      expect(hook.requests().find((r) => r.path === "/hooks/stalled")!.json).toMatchObject({
        type: "scan.failed",
        data: { scan: { scan_id: scan.id, status: "failed" } },
      });
      // A second pass (another web process, the next tick) changes nothing.
      expect(await t.container.services.scans.failStalled()).toBe(0);
    });
  });
}
