import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TWatchRequest } from "@brandwarden/contract/watch";
import { ownedDomains, users } from "../src/db/schema.ts";
import { browserAgent } from "./browser-agent.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";

const HOUR = 3_600_000;
const now = () => new Date().toISOString();
const baseStats = { names: 2000, pinned: 0, tracked: 0, registered: 0, content_checked: 0, content_changed: 0, enriched: 0, dns_queries: 2100, duration_ms: 900 }; // prettier-ignore

// The full cycle, web side (issue 28): each round asks the worker for the slice that follows the
// last completed round's; a failed round does not move the cycle; GET /monitoring/watch says how
// far the cycle is, when it should complete, and how many cycles completed.
for (const { variant, status } of await dbVariants()) {
  describe(`the watch's full cycle on ${variant}`, () => {
    let t: TestWeb;
    let worker: StubWorker;
    let owner: ReturnType<typeof browserAgent>;
    let userId: string;
    let seq = 0;
    const apply = (data: unknown) =>
      t.container.consumer.apply({ v: 1, kind: "watch_update", seq: ++seq, ts: now(), data });
    /** Starts a round; returns its id and the cycle the worker was asked for. */
    const start = async () => {
      const id = await t.container.services.monitoring.watch.startRound(userId);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const body = worker.calls.filter((c) => c.path === "/watch").at(-1)!.body as TWatchRequest;
      expect(body.watch_id).toBe(id);
      return { id: id!, cycle: body.cycle };
    };
    const finish = (id: string, cycle: Record<string, number>, error?: string) =>
      apply({ watch_id: id, user_id: userId, observations: [], unchanged: [], done: true, ...(error && { error }), stats: { ...baseStats, ...cycle } }); // prettier-ignore
    const view = async () => (await owner.get("/monitoring/watch")).json();

    beforeAll(async () => {
      status?.assertAvailable();
      worker = await startStubWorker();
      worker.answer("/watch", 202, { accepted: true });
      t = await startTestWeb(variant, {
        WORKER_URL: worker.url,
        WATCH_INTERVAL: "1h",
        WATCH_FULL_CYCLE: "4h",
      });
      owner = browserAgent(t.app);
      userId = (await owner.signup(`cycle-${randomUUID()}@example.com`)).id;
      await t.db
        .update(users)
        .set({ brand_name: "Acme Bank", keywords: ["bank"] })
        .where(eq(users.id, userId));
      await t.db
        .insert(ownedDomains)
        .values({ user_id: userId, domain: "acmebank.com", enrichment_status: "completed" });
    });
    afterAll(async () => {
      await t?.close();
      await worker?.close();
    });

    it("moves the cycle on round after round, not on a failed round, and reports where it stands", async () => {
      expect(await view()).toEqual({ last_round: null, cycle: null });

      const first = await start();
      // A new cycle: all of the full cycle ahead, a round an hour.
      expect(first.cycle).toEqual({ offset: 0, interval_ms: HOUR, full_cycle_ms: 4 * HOUR, remaining_ms: 4 * HOUR, round_ms: HOUR }); // prettier-ignore
      await finish(first.id, { cycle_total: 1000, cycle_slice: 230, cycle_start: 0, cycle_next: 300, cycle_wrapped: 0, paced_seconds: 45, over_interval: 0 }); // prettier-ignore
      const after1 = await view();
      expect(after1.last_round).toMatchObject({ id: first.id, status: "completed" });
      expect(after1.cycle).toMatchObject({
        checked: 300,
        total: 1000,
        cycles_completed: 0,
        last_completed_at: null,
        interval_ms: HOUR,
        full_cycle_ms: 4 * HOUR,
        paced_seconds: 45,
        over_interval: false,
      });
      expect(after1.cycle.started_at).toBe(after1.last_round.started_at);
      // The slices spread what is left over the rounds that fit: the cycle completes when due.
      expect(Date.parse(after1.cycle.completes_at) - Date.parse(after1.cycle.started_at)).toBe(4 * HOUR);

      const asked = Date.now();
      const second = await start();
      const answered = Date.now();
      expect(second.cycle?.offset).toBe(300);
      // The same cycle's clock: what is left of its four hours.
      // (bounded by the clock read before and after the request, however slow the machine)
      const due = Date.parse(after1.cycle.started_at) + 4 * HOUR;
      expect(second.cycle!.remaining_ms).toBeLessThanOrEqual(due - asked + 1);
      expect(second.cycle!.remaining_ms).toBeGreaterThanOrEqual(due - answered - 1);
      await finish(second.id, { cycle_total: 1000, cycle_slice: 230, cycle_start: 300, cycle_next: 600, cycle_wrapped: 0 }, "DNS went away"); // prettier-ignore
      expect((await view()).cycle).toMatchObject({ checked: 300 });

      const retry = await start();
      expect(retry.cycle?.offset).toBe(300); // the failed round's slice is checked again
      await finish(retry.id, { cycle_total: 1000, cycle_slice: 230, cycle_start: 300, cycle_next: 700, cycle_wrapped: 0, paced_seconds: 4000, over_interval: 1 }); // prettier-ignore
      const after3 = await view();
      expect(after3.cycle).toMatchObject({ checked: 700, cycles_completed: 0, over_interval: true });
      expect(after3.cycle.started_at).toBe(after1.cycle.started_at); // the same cycle

      const last = await start();
      expect(last.cycle?.offset).toBe(700);
      await finish(last.id, { cycle_total: 1000, cycle_slice: 230, cycle_start: 700, cycle_next: 0, cycle_wrapped: 1 }); // prettier-ignore
      const wrapped = await view();
      expect(wrapped.cycle).toMatchObject({ checked: 0, total: 1000, cycles_completed: 1, started_at: null });
      expect(Date.parse(wrapped.cycle.last_completed_at)).toBeGreaterThanOrEqual(Date.parse(wrapped.last_round.started_at)); // prettier-ignore

      const next = await start();
      expect(next.cycle?.offset).toBe(0);
      await finish(next.id, { cycle_total: 1000, cycle_slice: 230, cycle_start: 0, cycle_next: 320, cycle_wrapped: 0 }); // prettier-ignore
      const second_cycle = await view();
      expect(second_cycle.cycle).toMatchObject({ checked: 320, cycles_completed: 1 });
      expect(second_cycle.cycle.started_at).toBe(second_cycle.last_round.started_at);
      expect(second_cycle.cycle.last_completed_at).toBe(wrapped.cycle.last_completed_at);
    });
  });
}
