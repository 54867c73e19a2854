import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { controlStream } from "@brandwarden/platform/messaging/event-streams";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { auditEvents, domainFindings, ownedDomains, scans, users } from "../src/db/schema.ts";
import { activeKey } from "../src/modules/scans/active-key.ts";
import { newWebhookSecret } from "../src/lib/webhook-signature.ts";
import { insertUser } from "./factories.ts";
import { dbVariants } from "./harness.ts";
import { ALL_DONE, PREFIX, st, useScanLifecycle } from "./scan-lifecycle-context.ts";

// A scan's life as the web app drives it: start (refused, deferred, dispatched or failed at
// dispatch), stop, resume, and failing scans whose worker went silent.
for (const { variant, status } of await dbVariants()) {
  describe(`scan lifecycle: start, defer, stop, resume, stall on ${variant}`, () => {
    const ctx = useScanLifecycle(variant, status);
    const { publish, scanRow, streamOf, userWithDomain, nextSeq } = ctx;

    it("refuses to start a scan without an owned domain", async () => {
      const user = await insertUser(ctx.t.db);
      await expect(ctx.t.container.services.scans.start({ id: user.id, admin: false })).rejects.toMatchObject(
        {
          code: "invalid",
        },
      );
    });

    it("refuses a second scan while the user's scan has not ended, naming it; starts one after it ends", async () => {
      const user = await userWithDomain();
      const actor = { id: user.id, admin: false };
      const first = await ctx.t.container.services.scans.start(actor);
      await expect(ctx.t.container.services.scans.start(actor)).rejects.toMatchObject({
        code: "conflict",
        status: 409,
        details: { scan_id: first.id, status: "queued" },
      });
      // Another user is not held up by it.
      const other = await userWithDomain();
      expect((await ctx.t.container.services.scans.start({ id: other.id, admin: false })).status).toBe(
        "queued",
      );
      await ctx.t.container.services.scans.stop(actor, first.id);
      expect((await ctx.t.container.services.scans.start(actor)).status).toBe("queued");
    });

    it("defers dispatch until the domain profile of the current generation arrives; stale profiles are ignored", async () => {
      const user = await userWithDomain({ enrichment_status: "pending", profile: null, generation: 2 });
      const [domain] = await ctx.t.db.select().from(ownedDomains).where(eq(ownedDomains.user_id, user.id));
      const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
      expect(scan.status).toBe("pending");
      expect(ctx.worker.calls.filter((c) => c.path === "/scan/start")).toHaveLength(0);
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
      expect(ctx.worker.calls.find((c) => c.path === "/scan/start")!.body).toMatchObject({
        domain_profiles: [{ title: "Acme Bank v2" }],
      });
    });

    it("stops a scan: cancelled, active key cleared, cancel broadcast, later events ignored", async () => {
      const user = await userWithDomain();
      const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
      const commands: unknown[] = [];
      const unsub = await ctx.t.container.infra.bus.tail(
        controlStream(PREFIX),
        Date.now(),
        (m) => void commands.push(m),
      );
      await publish("scan_update", scan.id, { status: "running", stage_states: { generate: st("running") } });
      await waitFor(async () => (await scanRow(scan.id)).status === "running", "condition");
      const stranger = { id: randomUUID(), admin: false };
      await expect(ctx.t.container.services.scans.stop(stranger, scan.id)).rejects.toMatchObject({
        code: "not_found",
      });
      const stopped = await ctx.t.container.services.scans.stop({ id: user.id, admin: false }, scan.id);
      expect(stopped.status).toBe("cancelled");
      expect(await ctx.t.container.infra.kv.get(activeKey(scan.id))).toBeNull();
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
        await ctx.t.db.select().from(domainFindings).where(eq(domainFindings.scan_id, scan.id)),
      ).toHaveLength(0);
      await unsub();
    });

    it("resumes a terminal scan from its first incomplete stage; only terminal scans resume", async () => {
      const user = await userWithDomain();
      const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
      const actor = { id: user.id, admin: false };
      await expect(ctx.t.container.services.scans.resume(actor, scan.id)).rejects.toMatchObject({
        code: "conflict",
      });
      await publish("scan_update", scan.id, {
        status: "failed",
        error: "worker crashed",
        stage_states: { generate: st("completed"), resolve: st("completed"), enrich: st("failed") },
      });
      await waitFor(async () => (await scanRow(scan.id)).status === "failed", "condition");
      ctx.worker.calls.length = 0;
      const admin = { id: randomUUID(), admin: true };
      const resumed = await ctx.t.container.services.scans.resume(admin, scan.id);
      expect(resumed.status).toBe("queued");
      expect(resumed.resume_from_stage).toBe("enrich");
      expect(ctx.worker.calls.find((c) => c.path === "/scan/start")!.body).toMatchObject({
        scan_id: scan.id,
        resume_from_stage: "enrich",
      });
      // A leftover of the failed run, applied late, changes nothing; the new run's events apply.
      const leftover = nextSeq() - 60_000_000; // a minute before, on the worker's clock
      await publish("scan_update", scan.id, { status: "running", stage_states: { enrich: st("running") } });
      await waitFor(async () => (await scanRow(scan.id)).status === "running", "condition");
      await publish(
        "scan_update",
        scan.id,
        { status: "failed", error: "old run", stage_states: { enrich: st("failed") } },
        leftover,
      );
      await publish("scan_update", scan.id, {
        status: "running",
        stage_states: { enrich: st("running", 2, 9) },
      });
      await waitFor(
        async () => (await scanRow(scan.id)).stage_states.enrich?.done === 2,
        "new run's progress",
      );
      expect((await scanRow(scan.id)).status).toBe("running");
    });

    it("fails a scan visibly when the worker cannot take it", async () => {
      const user = await userWithDomain();
      ctx.worker.answer("/scan/start", 503, { error: "internal", message: "overloaded" });
      const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
      ctx.worker.answer("/scan/start", 202, { accepted: true });
      expect(scan.status).toBe("failed");
      expect(scan.error).toContain("503");
    });

    it("resumes, then fails, scans whose worker stopped reporting, with the audit event, browser push and webhook", async () => {
      const user = await userWithDomain();
      await ctx.t.db
        .update(users)
        .set({ webhook_url: `${ctx.hook.url}/hooks/stalled`, webhook_secret: newWebhookSecret() })
        .where(eq(users.id, user.id));
      const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
      await publish("scan_update", scan.id, {
        status: "running",
        stage_states: { generate: st("completed", 5, 5), resolve: st("running", 1, 5) },
      });
      await waitFor(async () => (await scanRow(scan.id)).status === "running", "running");
      // Each user runs one scan at a time, so the two scans that must be left alone are other users'.
      const startFor = async () =>
        ctx.t.container.services.scans.start({ id: (await userWithDomain()).id, admin: false });
      const waiting = await startFor();
      const alive = await startFor();
      const pushed = streamOf(scan.id);
      // Nothing heard from any worker for ten minutes; then a "queued" heartbeat for the waiting one.
      const silence = async () => {
        const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
        await ctx.t.db.update(scans).set({ updated_at: tenMinutesAgo }).where(eq(scans.id, scan.id));
        await ctx.t.db.update(scans).set({ updated_at: tenMinutesAgo }).where(eq(scans.id, waiting.id));
      };
      await silence();
      await publish("scan_update", waiting.id, { status: "queued", stage_states: {} });
      await waitFor(
        async () => Date.now() - (await scanRow(waiting.id)).updated_at.getTime() < 60_000,
        "heartbeat",
      );

      // First silence: handed to a worker again from the stage that did not complete.
      const dispatches = () =>
        ctx.worker.calls.filter(
          (c) => c.path === "/scan/start" && (c.body as { scan_id: string }).scan_id === scan.id,
        );
      expect(await ctx.t.container.services.scans.failStalled()).toBe(0);
      expect(await scanRow(scan.id)).toMatchObject({ status: "queued", resume_from_stage: "resolve" });
      expect(dispatches().at(-1)!.body).toMatchObject({ resume_from_stage: "resolve" });
      // Silent again: failed.
      await silence();
      expect(await ctx.t.container.services.scans.failStalled()).toBe(1);
      const failed = await scanRow(scan.id);
      expect(failed).toMatchObject({ status: "failed", error: expect.stringMatching(/stopped reporting/) });
      expect(failed.completed_at).not.toBeNull();
      expect((await scanRow(waiting.id)).status).toBe("queued");
      expect((await scanRow(alive.id)).status).toBe("queued");
      await waitFor(() => pushed.some((m) => m.type === "failed"), "failure pushed");
      const events = await ctx.t.db.select().from(auditEvents).where(eq(auditEvents.scan_id, scan.id));
      expect(events.map((e) => e.name)).toContain("scan_failed");
      await waitFor(() => ctx.hook.requests().some((r) => r.path === "/hooks/stalled"), "webhook", 10_000);
      expect(ctx.hook.requests().find((r) => r.path === "/hooks/stalled")!.json).toMatchObject({
        type: "scan.failed",
        data: { scan: { scan_id: scan.id, status: "failed" } },
      });
      // A second pass (another web process, the next tick) changes nothing.
      expect(await ctx.t.container.services.scans.failStalled()).toBe(0);
    });
  });
}
