import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { appendEvent } from "@brandwarden/platform/messaging/event-streams";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { auditEvents, domainFindings, reports, users } from "../src/db/schema.ts";
import { activeKey } from "../src/modules/scans/active-key.ts";
import { newWebhookSecret } from "../src/lib/webhook-signature.ts";
import { dbVariants } from "./harness.ts";
import { ALL_DONE, PDF, PREFIX, st, useScanLifecycle } from "./scan-lifecycle-context.ts";

// The event consumer's side of a scan: progress into the database and the browser stream, the
// terminal effects (report, signed webhook), and messages it must drop.
for (const { variant, status } of await dbVariants()) {
  describe(`scan progress events to completion, report and webhook on ${variant}`, () => {
    const ctx = useScanLifecycle(variant, status);
    const { publish, scanRow, streamOf, userWithDomain, nextSeq } = ctx;

    it("dispatches with merged keywords and domain profiles, then follows progress to completion", async () => {
      const user = await userWithDomain();
      await ctx.t.container.services.brandContext.saveDerivedKeywords(user.id, {
        keywords: ["AcmePay", "bank"],
        generation: 1,
      });
      const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
      expect(scan.status).toBe("queued");
      const call = ctx.worker.calls.find((c) => c.path === "/scan/start");
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
      expect(await ctx.t.container.infra.kv.get(activeKey(scan.id))).toBe("1");
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
        const rows = await ctx.t.db.select().from(domainFindings).where(eq(domainFindings.scan_id, scan.id));
        return rows.length === 2 && rows.some((r) => r.score === 82);
      }, "findings upserted");
      const [f] = await ctx.t.db
        .select()
        .from(domainFindings)
        .where(eq(domainFindings.domain, "acrnebank.com"));
      expect(f).toMatchObject({
        original_domain: "acmebank.com",
        fuzzer: "homoglyph",
        dns_a: ["127.1.0.5"],
        login_form: true,
      });
      expect(f!.registration_created?.toISOString()).toBe("2026-11-01T00:00:00.000Z");
      expect((await ctx.t.container.infra.blobs.get(f!.screenshot_key!))?.toString()).toBe("png-bytes");

      // A duplicate and an out-of-order update change nothing.
      const lastSeq = nextSeq();
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

      ctx.worker.answer("/report/generate", 200, { full: PDF, summary: PDF });
      await ctx.t.db
        .update(users)
        .set({ webhook_url: `${ctx.hook.url}/hooks/bw`, webhook_secret: newWebhookSecret() })
        .where(eq(users.id, user.id));
      await publish("scan_update", scan.id, { status: "completed", stage_states: ALL_DONE });
      await waitFor(async () => (await scanRow(scan.id)).status === "completed", "condition");
      // Browser pushes travel through the bus (every web process hears them): they follow the commit.
      await waitFor(() => stream.some((m) => m.type === "complete"), "completion pushed");
      const done = await scanRow(scan.id);
      expect(done.completed_at).not.toBeNull();
      expect(done.stage_states.generate).toEqual(ALL_DONE.generate);
      expect(await ctx.t.container.infra.kv.get(activeKey(scan.id))).toBeNull();
      expect(stream.map((m) => m.type)).toEqual(
        expect.arrayContaining(["phase_update", "findings", "phase_progress", "complete"]),
      );

      // Report job: both PDFs stored, status ready, audit event; then the signed webhook.
      await waitFor(
        async () =>
          (await ctx.t.db.select().from(reports).where(eq(reports.scan_id, scan.id)))[0]?.status === "ready",
        "report ready",
        10_000,
      );
      const events = await ctx.t.db.select().from(auditEvents).where(eq(auditEvents.scan_id, scan.id));
      expect(events.map((e) => e.name).sort()).toEqual([
        "report_generated",
        "scan_completed",
        "scan_started",
      ]);
      await waitFor(
        () => ctx.hook.requests().some((r) => r.path === "/hooks/bw"),
        "webhook delivered",
        10_000,
      );
      const delivered = ctx.hook.requests().find((r) => r.path === "/hooks/bw")!;
      const [u] = await ctx.t.db.select().from(users).where(eq(users.id, user.id));
      const h = delivered.headers as Record<string, string>;
      const expected = createHmac("sha256", Buffer.from(u!.webhook_secret!.slice(6), "base64"))
        .update(`${h["webhook-id"]}.${h["webhook-timestamp"]}.${delivered.body}`)
        .digest("base64");
      expect(h["webhook-signature"]).toBe(`v1,${expected}`);
      expect(delivered.json).toMatchObject({
        type: "scan.completed",
        data: {
          scan: { scan_id: scan.id, status: "completed" },
          summary: { domains: 2 },
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
        await ctx.t.db
          .update(users)
          .set({ webhook_url: `${ctx.hook.url}/hooks/${mode}`, webhook_secret: newWebhookSecret() })
          .where(eq(users.id, user.id));
        ctx.worker.answer("/report/generate", 200, { full: PDF, summary: PDF });
        await ctx.hook.setMode(mode, 20_000);
        try {
          const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
          await publish("scan_update", scan.id, { status: "completed", stage_states: ALL_DONE });
          await waitFor(
            async () =>
              (await ctx.t.db.select().from(reports).where(eq(reports.scan_id, scan.id)))[0]?.status ===
              "ready",
            "report ready",
            10_000,
          );
          await new Promise((r) => setTimeout(r, 1500));
          const row = await scanRow(scan.id);
          expect(row.status).toBe("completed");
          expect(row.error).toBeNull();
          if (mode === "down")
            expect(ctx.hook.requests().some((r) => r.path === `/hooks/${mode}`)).toBe(false);
        } finally {
          await ctx.hook.setMode("up");
        }
      },
    );

    it("drops malformed events without touching the database", async () => {
      const user = await userWithDomain();
      const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
      await appendEvent(ctx.t.container.infra.bus, PREFIX, {
        v: 1,
        kind: "scan_update",
        seq: 1,
        scan_id: scan.id,
        data: { status: "exploded" },
      });
      await appendEvent(ctx.t.container.infra.bus, PREFIX, {
        v: 1,
        kind: "no_such_kind",
        seq: 2,
        scan_id: scan.id,
        ts: new Date().toISOString(),
        data: { level: "info", message: "x" },
      });
      await new Promise((r) => setTimeout(r, 100));
      expect((await scanRow(scan.id)).status).toBe("queued");
    });
  });
}
