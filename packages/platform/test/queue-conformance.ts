import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sleep, waitFor } from "../testing/wait-for.ts";
import type { JobFailure, JobQueue, JobQueueOptions } from "../src/queue/queue.ts";

/** Builds a fresh, isolated queue (for BullMQ: a unique key prefix) per call. */
export type QueueFactory = (opts: JobQueueOptions) => JobQueue | Promise<JobQueue>;

/** Timing slack for assertions that something did not happen too early. */
const EARLY_SLACK_MS = 15;

/** One behavioural contract for every JobQueue. Timings are short (100-500 ms) on purpose. */
export function describeQueueConformance(
  name: string,
  factory: QueueFactory,
  hooks: { beforeAll?: () => void } = {},
): void {
  describe(`JobQueue conformance: ${name}`, () => {
    const open: JobQueue[] = [];
    let failures: JobFailure[] = [];

    beforeAll(() => hooks.beforeAll?.());
    afterEach(async () => {
      await Promise.all(open.splice(0).map((q) => q.close()));
    });

    async function make(): Promise<JobQueue> {
      failures = [];
      const queue = await factory({ onFailure: (f) => void failures.push(f) });
      open.push(queue);
      return queue;
    }

    const numberPayload = z.object({ n: z.number(), tag: z.string().default("parsed") });

    it("runs enqueued jobs after start with the parsed payload, not before", async () => {
      const q = await make();
      const seen: unknown[] = [];
      q.define({ name: "echo", parse: numberPayload.parse, handler: async (p) => void seen.push(p) });
      await q.enqueue("echo", { n: 1 });
      await sleep(100);
      expect(seen).toEqual([]);
      await q.start();
      await waitFor(() => seen.length === 1, "job to run");
      expect(seen).toEqual([{ n: 1, tag: "parsed" }]);
    });

    it("tells its depth per defined job: waiting, delayed and running (metrics read it)", async () => {
      const q = await make();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      q.define({ name: "slow", parse: numberPayload.parse, handler: () => held });
      q.define({ name: "idle", parse: numberPayload.parse, handler: async () => undefined });
      await q.enqueue("slow", { n: 1 });
      await q.enqueue("slow", { n: 2 });
      await q.enqueue("slow", { n: 3 }, { delayMs: 60_000 });
      const depth = async () => Object.fromEntries((await q.depths()).map((d) => [d.name, d]));
      expect(await depth()).toEqual({
        slow: { name: "slow", waiting: 2, delayed: 1, active: 0 },
        idle: { name: "idle", waiting: 0, delayed: 0, active: 0 },
      });
      await q.start();
      await waitFor(async () => (await depth()).slow?.active === 1, "one slow job running");
      expect((await depth()).slow).toEqual({ name: "slow", waiting: 1, delayed: 1, active: 1 });
      release();
    });

    it("retries with exponential backoff, then succeeds", async () => {
      const q = await make();
      const runs: { attempt: number; at: number }[] = [];
      q.define({
        name: "flaky",
        parse: numberPayload.parse,
        attempts: 3,
        backoffMs: 100,
        handler: async (_p, ctx) => {
          runs.push({ attempt: ctx.attempt, at: Date.now() });
          if (ctx.attempt < 3) throw new Error(`fail ${ctx.attempt}`);
        },
      });
      await q.start();
      await q.enqueue("flaky", { n: 1 });
      await waitFor(() => runs.length === 3, "third attempt");
      expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
      const [a, b, c] = runs.map((r) => r.at) as [number, number, number];
      expect(b - a).toBeGreaterThanOrEqual(100 - EARLY_SLACK_MS);
      expect(c - b).toBeGreaterThanOrEqual(200 - EARLY_SLACK_MS);
      await sleep(100);
      expect(failures).toEqual([]);
    });

    it("fails permanently after the last attempt and does not run again", async () => {
      const q = await make();
      let calls = 0;
      q.define({
        name: "doomed",
        parse: numberPayload.parse,
        attempts: 2,
        backoffMs: 50,
        handler: async () => {
          calls++;
          throw new Error("always");
        },
      });
      await q.start();
      await q.enqueue("doomed", { n: 1 }, { jobId: "doomed-1" });
      await waitFor(() => failures.length === 1, "permanent failure");
      expect(failures[0]).toMatchObject({
        name: "doomed",
        id: "doomed-1",
        attempt: 2,
        reason: "attempts_exhausted",
      });
      expect((failures[0]?.error as Error).message).toBe("always");
      await sleep(250);
      expect(calls).toBe(2);
    });

    it("treats a payload that fails parsing as a permanent failure without retries", async () => {
      const q = await make();
      let parses = 0;
      let handled = 0;
      q.define({
        name: "strict",
        attempts: 3,
        backoffMs: 20,
        parse: (p) => {
          parses++;
          return numberPayload.parse(p);
        },
        handler: async () => void handled++,
      });
      await q.start();
      await q.enqueue("strict", { n: "not a number" });
      await waitFor(() => failures.length === 1, "invalid payload failure");
      expect(failures[0]).toMatchObject({ name: "strict", attempt: 1, reason: "invalid_payload" });
      expect(failures[0]?.error).toBeInstanceOf(z.ZodError);
      await sleep(150);
      expect({ parses, handled }).toEqual({ parses: 1, handled: 0 });
    });

    it("does not run a delayed job early", async () => {
      const q = await make();
      const ran: { n: number; at: number }[] = [];
      q.define({
        name: "later",
        parse: numberPayload.parse,
        concurrency: 2,
        handler: async (p) => void ran.push({ n: p.n, at: Date.now() }),
      });
      await q.start();
      const enqueuedAt = Date.now();
      await q.enqueue("later", { n: 1 }, { delayMs: 400 });
      await q.enqueue("later", { n: 2 });
      await waitFor(() => ran.length === 1, "undelayed job");
      expect(ran[0]?.n).toBe(2);
      await sleep(200);
      expect(ran).toHaveLength(1);
      await waitFor(() => ran.length === 2, "delayed job");
      expect(ran[1]!.at - enqueuedAt).toBeGreaterThanOrEqual(400 - EARLY_SLACK_MS);
    });

    it("ignores a second enqueue with the same jobId while the first is pending", async () => {
      const q = await make();
      const seen: number[] = [];
      const ids: string[] = [];
      q.define({
        name: "once",
        parse: numberPayload.parse,
        handler: async (p, ctx) => {
          seen.push(p.n);
          ids.push(ctx.id);
        },
      });
      await q.enqueue("once", { n: 1 }, { jobId: "scan:42" });
      await q.enqueue("once", { n: 2 }, { jobId: "scan:42" });
      await q.enqueue("once", { n: 3 }, { jobId: "scan:43" });
      await q.start();
      await waitFor(() => seen.length === 2, "two distinct jobs");
      await sleep(100);
      expect(seen).toEqual([1, 3]);
      expect(ids).toEqual(["scan:42", "scan:43"]);
      // Once finished, the id is free again.
      await q.enqueue("once", { n: 4 }, { jobId: "scan:42" });
      await waitFor(() => seen.length === 3, "re-enqueued job");
      expect(seen[2]).toBe(4);
    });

    it("delays runs over the per-key rate limit without losing or failing them", async () => {
      const q = await make();
      const runs: { user: string; at: number; attempt: number }[] = [];
      q.define({
        name: "scan",
        parse: z.object({ user: z.string(), i: z.number() }).parse,
        concurrency: 3,
        rateLimit: { max: 4, windowMs: 500, key: (p) => p.user },
        handler: async (p, ctx) => void runs.push({ user: p.user, at: Date.now(), attempt: ctx.attempt }),
      });
      await q.start();
      const t0 = Date.now();
      for (let i = 0; i < 5; i++) await q.enqueue("scan", { user: "u1", i });
      await q.enqueue("scan", { user: "u2", i: 0 });
      await waitFor(() => runs.length === 5, "first five runs");
      const u1 = runs.filter((r) => r.user === "u1");
      expect(u1).toHaveLength(4);
      expect(runs.filter((r) => r.user === "u2")).toHaveLength(1);
      await sleep(150);
      expect(runs).toHaveLength(5); // the fifth u1 run waits for the window
      await waitFor(() => runs.length === 6, "fifth u1 run", 3000);
      const fifth = runs[5]!;
      expect(fifth.user).toBe("u1");
      expect(fifth.at - u1[0]!.at).toBeGreaterThanOrEqual(500 - EARLY_SLACK_MS);
      expect(fifth.at - t0).toBeLessThan(1500);
      expect(runs.every((r) => r.attempt === 1)).toBe(true);
      expect(failures).toEqual([]);
    });

    it("repeats a schedule, and re-declaring the same id replaces it", async () => {
      const q = await make();
      const seen: { n: number; at: number }[] = [];
      q.define({
        name: "tick",
        parse: numberPayload.parse,
        handler: async (p) => void seen.push({ n: p.n, at: Date.now() }),
      });
      await q.start();
      await q.schedule("heartbeat", "tick", { n: 1 }, 150);
      await waitFor(() => seen.length >= 3, "three scheduled runs", 2000);
      expect(seen.every((s) => s.n === 1)).toBe(true);
      await q.schedule("heartbeat", "tick", { n: 2 }, 60_000);
      await sleep(200); // let a run that was already due finish
      const oldRuns = seen.filter((s) => s.n === 1).length;
      await sleep(400);
      expect(seen.filter((s) => s.n === 1)).toHaveLength(oldRuns);
      expect(seen.filter((s) => s.n === 2).length).toBeLessThanOrEqual(1);
    });

    it("runs at most `concurrency` handlers of one job at a time", async () => {
      const q = await make();
      let inFlight = 0;
      let maxInFlight = 0;
      let done = 0;
      q.define({
        name: "pair",
        parse: numberPayload.parse,
        concurrency: 2,
        handler: async () => {
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          await sleep(120);
          inFlight--;
          done++;
        },
      });
      for (let n = 0; n < 5; n++) await q.enqueue("pair", { n });
      await q.start();
      await waitFor(() => done === 5, "all jobs");
      expect(maxInFlight).toBe(2);
    });

    it("close waits for a running handler, then refuses new jobs", async () => {
      const q = await make();
      let started = false;
      let finished = false;
      q.define({
        name: "slow",
        parse: numberPayload.parse,
        handler: async () => {
          started = true;
          await sleep(300);
          finished = true;
        },
      });
      await q.start();
      await q.enqueue("slow", { n: 1 });
      await waitFor(() => started, "handler to start");
      await q.close();
      expect(finished).toBe(true);
      await expect(q.enqueue("slow", { n: 2 })).rejects.toThrow();
    });
  });
}
