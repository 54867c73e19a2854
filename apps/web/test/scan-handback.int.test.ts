import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { scans } from "../src/db/schema.ts";
import { dbVariants } from "./harness.ts";
import { st, useScanLifecycle } from "./scan-lifecycle-context.ts";

// A worker that stops gracefully (a deploy) gives its scans back with a last `scan_update`
// (`handed_back`): the web app hands each to a worker again at once, from its last completed
// stage, and keeps the automatic resume (SCAN_AUTO_RESUMES, default 1) for a worker that dies.
for (const { variant, status } of await dbVariants()) {
  describe(`scans handed back by a stopping worker on ${variant}`, () => {
    const ctx = useScanLifecycle(variant, status);
    const { publish, scanRow, userWithDomain } = ctx;

    it("dispatches each hand-back at once from the last completed stage, retries while no worker takes it, and never spends the automatic resume", async () => {
      const user = await userWithDomain();
      const scan = await ctx.t.container.services.scans.start({ id: user.id, admin: false });
      const dispatches = () =>
        ctx.worker.calls
          .filter((c) => c.path === "/scan/start" && (c.body as { scan_id: string }).scan_id === scan.id)
          .map((c) => (c.body as { resume_from_stage: string | null }).resume_from_stage);
      expect(dispatches()).toEqual([null]);

      // Two rolling restarts: each worker stops during a stage and gives the scan back.
      const runs = [
        { generate: st("completed", 5, 5), resolve: st("running", 1, 5) },
        {
          generate: st("completed", 5, 5),
          resolve: st("completed", 5, 5),
          enrich: st("running", 1, 3),
        },
      ];
      for (const [i, states] of runs.entries()) {
        await publish("scan_update", scan.id, { status: "running", stage_states: states });
        await publish("scan_update", scan.id, { status: "queued", stage_states: states, handed_back: true });
        await waitFor(() => dispatches().length === i + 2, `hand-back ${i + 1} dispatched`);
        expect((await scanRow(scan.id)).status).toBe("queued");
      }
      expect(dispatches()).toEqual([null, "resolve", "enrich"]);

      // A third, while no worker answers (the only one is restarting): the scan waits, queued,
      // and each stalled-scan check tries again, however long it has been silent.
      ctx.worker.answer("/scan/start", 503, { error: "unavailable", message: "restarting" });
      await publish("scan_update", scan.id, { status: "queued", stage_states: runs[1]!, handed_back: true });
      await waitFor(() => dispatches().length === 4, "third hand-back tried");
      // Its dispatch holds the scan's dispatch lock until it has read the refusal: a check before
      // that would find the lock taken and leave the retry to the next check.
      await waitFor(
        () => ctx.logged.some((m) => m.startsWith("no worker took the scan handed back")),
        "refusal heard",
      );
      const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
      await ctx.t.db.update(scans).set({ updated_at: tenMinutesAgo }).where(eq(scans.id, scan.id));
      expect(await ctx.t.container.services.scans.failStalled()).toBe(0);
      expect(dispatches()).toHaveLength(5);
      ctx.worker.answer("/scan/start", 202, { accepted: true });
      expect(await ctx.t.container.services.scans.failStalled()).toBe(0);
      expect(dispatches()).toEqual([null, "resolve", "enrich", "enrich", "enrich", "enrich"]);
      // Taken: the next check leaves it to its worker.
      expect(await ctx.t.container.services.scans.failStalled()).toBe(0);
      expect(dispatches()).toHaveLength(6);

      // Now its worker dies (silence): the one automatic resume is still there to spend...
      await ctx.t.db.update(scans).set({ updated_at: tenMinutesAgo }).where(eq(scans.id, scan.id));
      expect(await ctx.t.container.services.scans.failStalled()).toBe(0);
      expect(dispatches()).toHaveLength(7);
      expect((await scanRow(scan.id)).status).toBe("queued");
      // ...and only a second death fails the scan.
      await ctx.t.db.update(scans).set({ updated_at: tenMinutesAgo }).where(eq(scans.id, scan.id));
      expect(await ctx.t.container.services.scans.failStalled()).toBe(1);
      expect(await scanRow(scan.id)).toMatchObject({ status: "failed", error: expect.stringMatching(/stopped reporting/) }); // prettier-ignore
    });
  });
}
