import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { controlStream } from "@brandwarden/platform/messaging/event-streams";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { reports, scans, users } from "../src/db/schema.ts";
import { REPORT_JOB, WEBHOOK_JOB } from "../src/queue/job-names.ts";
import { newWebhookSecret } from "../src/lib/webhook-signature.ts";
import { insertScan } from "./factories.ts";
import { dbVariants } from "./harness.ts";
import { ALL_DONE, PDF, PREFIX, st, useScanLifecycle } from "./scan-lifecycle-context.ts";

// What a web process that died (or was restarted) leaves half-done, and how the next one, or the
// same message delivered again, finishes it: endings announced once, reports regenerated, deferred
// scans dispatched, lost messages failing scans visibly, and the races of resume and stop.
for (const { variant, status } of await dbVariants()) {
  describe(`scan recovery after a stopped web process on ${variant}`, () => {
    const ctx = useScanLifecycle(variant, status);
    const { publish, scanRow, streamOf, userWithDomain } = ctx;

    /** A user whose webhook goes to `/hooks/<name>` on the receiver. */
    async function userWithWebhook(name: string) {
      const user = await userWithDomain();
      await ctx.t.db
        .update(users)
        .set({ webhook_url: `${ctx.hook.url}/hooks/${name}`, webhook_secret: newWebhookSecret() })
        .where(eq(users.id, user.id));
      return user;
    }
    const hooksTo = (name: string) => ctx.hook.requests().filter((r) => r.path === `/hooks/${name}`);
    const reportOf = async (scanId: string) =>
      (await ctx.t.db.select().from(reports).where(eq(reports.scan_id, scanId)))[0];

    /** Records every enqueue; `failOnce(name)` makes the next enqueue of that job throw (the process died there). */
    function watchQueue() {
      const queue = ctx.t.container.infra.queue;
      const original = queue.enqueue.bind(queue);
      const enqueued: Array<{ name: string; jobId?: string }> = [];
      const failing = new Set<string>();
      queue.enqueue = async (name, payload, opts) => {
        enqueued.push({ name, jobId: opts?.jobId });
        if (failing.delete(name)) throw new Error("the web process was killed here");
        return original(name, payload, opts);
      };
      return {
        enqueued,
        failOnce: (name: string) => failing.add(name),
        restore: () => void (queue.enqueue = original),
      };
    }

    it("announces a scan's end once when the process that applied its last update died before announcing it", async () => {
      const user = await userWithWebhook("died-after-terminal");
      ctx.worker.answer("/report/generate", 200, { full: PDF, summary: PDF });
      const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
      const queue = watchQueue();
      try {
        // The terminal update commits; the report job is never enqueued (the process dies there),
        // so the message stays unacknowledged and is delivered again.
        queue.failOnce(REPORT_JOB);
        await publish("scan_update", scan.id, { status: "completed", stage_states: ALL_DONE });
        await waitFor(async () => (await reportOf(scan.id))?.status === "ready", "report ready", 15_000);
        await waitFor(() => hooksTo("died-after-terminal").length === 1, "webhook", 15_000);
        expect((await scanRow(scan.id)).ended_announced_at).not.toBeNull();
        // The next reconciliation finds nothing left to do: one webhook job, one delivery.
        await ctx.t.container.reconciler.reconcile();
        expect(queue.enqueued.filter((j) => j.name === WEBHOOK_JOB)).toEqual([
          { name: WEBHOOK_JOB, jobId: `webhook-${scan.id}-completed` },
        ]);
        expect(hooksTo("died-after-terminal")).toHaveLength(1);
      } finally {
        queue.restore();
      }
    });

    it("at start, announces endings a stopped process left unannounced, regenerates lost reports and dispatches deferred scans", async () => {
      ctx.worker.answer("/report/generate", 200, { full: PDF, summary: PDF });
      // Completed, failed: the process died between the terminal update and its announcement.
      const completedUser = await userWithWebhook("unannounced-completed");
      const completed = await insertScan(ctx.t.db, completedUser.id, {
        status: "completed",
        stage_states: ALL_DONE,
        completed_at: new Date(),
      });
      const failedUser = await userWithWebhook("unannounced-failed");
      const failed = await insertScan(ctx.t.db, failedUser.id, {
        status: "failed",
        error: "enrich: boom",
        completed_at: new Date(),
      });
      // Announced, but its report job was lost with the process (the embedded queue lives in memory).
      const lostReportUser = await userWithWebhook("lost-report");
      const lostReport = await insertScan(ctx.t.db, lostReportUser.id, {
        status: "completed",
        stage_states: ALL_DONE,
        completed_at: new Date(),
        ended_announced_at: new Date(),
      });
      // Created, never handed to a worker (the process died before the dispatch).
      const pendingUser = await userWithDomain();
      const pending = await insertScan(ctx.t.db, pendingUser.id, { status: "pending" });

      const result = await ctx.t.container.reconciler.reconcile();
      expect(result).toMatchObject({ announced: 2, dispatched: 1 });
      await waitFor(async () => (await reportOf(completed.id))?.status === "ready", "report", 15_000);
      await waitFor(async () => (await reportOf(lostReport.id))?.status === "ready", "lost report", 15_000);
      await waitFor(() => hooksTo("unannounced-completed").length === 1, "completed webhook", 15_000);
      await waitFor(() => hooksTo("unannounced-failed").length === 1, "failed webhook", 15_000);
      expect(hooksTo("unannounced-failed")[0]!.json).toMatchObject({
        type: "scan.failed",
        data: { scan: { scan_id: failed.id } },
      });
      await waitFor(() => hooksTo("lost-report").length === 1, "webhook of the regenerated report", 15_000);
      expect((await scanRow(pending.id)).status).toBe("queued");
      expect(
        ctx.worker.calls.some(
          (c) => c.path === "/scan/start" && (c.body as { scan_id: string }).scan_id === pending.id,
        ),
      ).toBe(true);
      // Done once: a second pass announces and dispatches nothing.
      expect(await ctx.t.container.reconciler.reconcile()).toMatchObject({ announced: 0, dispatched: 0 });
    });

    it("fails every dispatched scan with a reason the user sees when its messages may have been lost", async () => {
      const user = await userWithWebhook("lost-messages");
      const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
      await publish("scan_update", scan.id, { status: "running", stage_states: { generate: st("running") } });
      await waitFor(async () => (await scanRow(scan.id)).status === "running", "running");
      const deferred = await insertScan(ctx.t.db, (await userWithDomain()).id, { status: "pending" });
      const pushed = streamOf(scan.id);

      await ctx.t.container.services.scans.failLost({ stream: "events:3", reason: "group_lost" });
      const failed = await scanRow(scan.id);
      expect(failed.status).toBe("failed");
      expect(failed.error).toMatch(/messages of this scan were lost.*resume the scan/);
      expect((await scanRow(deferred.id)).status).toBe("pending");
      await waitFor(() => pushed.some((m) => m.type === "failed"), "failure pushed");
      await waitFor(() => hooksTo("lost-messages").length === 1, "scan.failed webhook", 15_000);
    });

    it("takes the user's lock in resume: a resume racing a start leaves the user one active scan", async () => {
      const user = await userWithDomain();
      const actor = { id: user.id, admin: false };
      const scan = await ctx.t.container.services.scans.start(actor);
      await publish("scan_update", scan.id, {
        status: "failed",
        error: "boom",
        stage_states: { generate: st("completed") },
      });
      await waitFor(async () => (await scanRow(scan.id)).status === "failed", "failed");
      const outcomes = await Promise.allSettled([
        ctx.t.container.services.scans.resume(actor, scan.id),
        ctx.t.container.services.scans.start(actor),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({
        reason: { code: "conflict" },
      });
      const active = (await ctx.t.db.select().from(scans).where(eq(scans.user_id, user.id))).filter(
        (s) => !["completed", "failed", "cancelled"].includes(s.status),
      );
      expect(active).toHaveLength(1);
    });

    it("stopping a scan while a worker takes it sends a cancel after the worker accepted it", async () => {
      const user = await userWithDomain();
      const actor = { id: user.id, admin: false };
      const commands: string[] = [];
      const stopTail = await ctx.t.container.infra.bus.tail(controlStream(PREFIX), Date.now(), (m) => {
        commands.push((m as { scan_id: string }).scan_id);
      });
      const release = ctx.worker.hold("/scan/start");
      const starting = ctx.t.container.services.scans.start(actor);
      await waitFor(() => ctx.worker.calls.some((c) => c.path === "/scan/start"), "dispatch under way");
      const scanId = (ctx.worker.calls.find((c) => c.path === "/scan/start")!.body as { scan_id: string })
        .scan_id;
      // The user stops it before the worker answered: that cancel may predate the run the worker
      // starts (and a worker ignores cancels older than the run), so another follows the answer.
      await ctx.t.container.services.scans.stop(actor, scanId);
      await waitFor(() => commands.filter((id) => id === scanId).length === 1, "the stop's cancel");
      release();
      expect((await starting).status).toBe("cancelled");
      await waitFor(() => commands.filter((id) => id === scanId).length === 2, "cancel after the answer");
      expect((await scanRow(scanId)).status).toBe("cancelled");
      await stopTail();
    });
  });
}
