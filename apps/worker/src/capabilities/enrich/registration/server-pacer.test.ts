import { AsyncLocalStorage } from "node:async_hooks";
import { setImmediate as macrotask } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createServerPacer, RateLimitedError, RateLimitSignal, type PacerClock } from "./server-pacer.ts";

/** Virtual time: it moves only when everything runnable has run and someone waits on it. */
function virtualTime(opts: { timersLateBy?: number } = {}) {
  let now = 0;
  const timers: { at: number; wake: () => void }[] = [];
  const clock: PacerClock = {
    now: () => now,
    // `timersLateBy`: every wake-up comes that much late, as on an event loop busy with CPU work.
    sleep: (ms) =>
      new Promise<void>((wake) =>
        timers.push({ at: now + Math.max(0, ms) + (opts.timersLateBy ?? 0), wake }),
      ),
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await macrotask();
  };
  /** Runs until `done()`, moving time to the next wake-up whenever nothing else can run. */
  const runUntil = async (done: () => boolean) => {
    for (;;) {
      await settle();
      if (done()) return;
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift();
      if (!next) throw new Error("stuck: nothing runnable and nobody waiting");
      now = Math.max(now, next.at);
      next.wake();
    }
  };
  return { clock, runUntil, now: () => now };
}

/** A server limiting each client with a token bucket (`rate` per second, `burst` at most), answering 429 beyond it. */
function tokenBucketServer(
  t: ReturnType<typeof virtualTime>,
  rate: number,
  burst: number,
  latencyMs = 40,
  retryAfterMs: number | null = 1000,
) {
  let tokens = burst;
  let at = 0;
  const log = { ok: 0, limited: 0, times: [] as number[], limitedTimes: [] as number[] };
  const request = async (): Promise<string> => {
    const now = t.clock.now();
    log.times.push(now);
    tokens = Math.min(burst, tokens + ((now - at) / 1000) * rate);
    at = now;
    const allowed = tokens >= 1;
    if (allowed) tokens -= 1;
    await t.clock.sleep(latencyMs);
    if (!allowed) {
      log.limited++;
      log.limitedTimes.push(now);
      throw new RateLimitSignal(retryAfterMs, "HTTP 429");
    }
    log.ok++;
    return "answer";
  };
  return { request, log };
}

describe("server pacer", () => {
  it.each([
    { limit: 10, burst: 1 },
    { limit: 10, burst: 10 },
    { limit: 3, burst: 3 },
    { limit: 40, burst: 20 },
  ])(
    "learns a token bucket's rate ($limit/s, burst $burst): near it in the long run, under 2% refused",
    async ({ limit, burst }) => {
      const t = virtualTime();
      const server = tokenBucketServer(t, limit, burst);
      const pacer = createServerPacer({ kind: "rdap", clock: t.clock });
      const n = 2000;
      let answered = 0;
      for (let i = 0; i < n; i++)
        void pacer.run("https://rdap.example", server.request).then(() => answered++);
      await t.runUntil(() => answered === n);
      const seconds = t.now() / 1000;
      const achieved = n / seconds;
      console.log(`limit ${limit}/s burst ${burst}: ${achieved.toFixed(2)}/s, ${server.log.limited} refused of ${server.log.times.length}`); // prettier-ignore
      expect(server.log.ok).toBe(n);
      // Never more than the bucket allows, at least 85% of it.
      expect(n).toBeLessThanOrEqual(limit * seconds + burst);
      expect(achieved).toBeGreaterThanOrEqual(0.85 * limit);
      expect(server.log.limited).toBeLessThan(0.02 * server.log.times.length);
      const [stats] = pacer.stats();
      expect(stats).toMatchObject({ server: "https://rdap.example", kind: "rdap", queued: 0, inFlight: 0 });
      expect(stats!.requests).toBe(server.log.times.length);
      expect(stats!.limited).toBe(server.log.limited);
    },
  );

  it.each([100, 330])(
    "finds a registry's limit within its first %i lookups at a handful of refusals (the bucket's burst not taken for its rate)",
    async (n) => {
      const t = virtualTime();
      const server = tokenBucketServer(t, 10, 10, 50);
      const pacer = createServerPacer({ kind: "rdap", clock: t.clock });
      let answered = 0;
      for (let i = 0; i < n; i++)
        void pacer.run("https://rdap.example", server.request).then(() => answered++);
      await t.runUntil(() => answered === n);
      expect(server.log.ok).toBe(n);
      // One refusal ends the slow start; after it, at most one per hundred answers.
      expect(server.log.limited).toBeLessThanOrEqual(2 + n / 100);
      // Within 15% of what the bucket allows (its burst, then its rate).
      expect(t.now() / 1000).toBeLessThanOrEqual((1.15 * (n - 10)) / 10);
    },
  );

  it("spaces requests evenly: never two closer than the rate in force allows", async () => {
    const t = virtualTime();
    const server = tokenBucketServer(t, 1000, 1000); // never limits: slow start all the way
    const pacer = createServerPacer({ kind: "rdap", clock: t.clock, initialRate: 5, maxRate: 50 });
    let answered = 0;
    for (let i = 0; i < 300; i++) void pacer.run("s", server.request).then(() => answered++);
    await t.runUntil(() => answered === 300);
    const gaps = server.log.times.slice(1).map((at, i) => at - server.log.times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / 50 - 1e-9);
    expect(gaps[0]).toBe(200); // 5/s to begin with
    expect(gaps.at(-1)).toBe(20); // then faster, while nothing is refused
  });

  it("keeps its pace when its timers fire late (a busy event loop), not one request per late wake-up", async () => {
    const t = virtualTime({ timersLateBy: 8 });
    const server = tokenBucketServer(t, 1000, 1000, 1);
    const pacer = createServerPacer({ kind: "rdap", clock: t.clock, initialRate: 200, maxRate: 200 });
    let answered = 0;
    for (let i = 0; i < 400; i++) void pacer.run("s", server.request).then(() => answered++);
    await t.runUntil(() => answered === 400);
    const seconds = (server.log.times.at(-1)! - server.log.times[0]!) / 1000;
    // 200/s asked; one request per 13 ms wake-up would be 77/s.
    expect(400 / seconds).toBeGreaterThan(140);
    expect(400 / seconds).toBeLessThanOrEqual(200);
  });

  it("keeps at most maxInFlight requests in flight to one server", async () => {
    const t = virtualTime();
    let inFlight = 0;
    let most = 0;
    const slow = async () => {
      most = Math.max(most, ++inFlight);
      await t.clock.sleep(5_000);
      inFlight--;
    };
    const pacer = createServerPacer({ kind: "whois", clock: t.clock, initialRate: 100, maxInFlight: 3 });
    let done = 0;
    for (let i = 0; i < 12; i++) void pacer.run("whois.example:43", slow).then(() => done++);
    await t.runUntil(() => done === 12);
    expect(most).toBe(3);
    expect(t.now()).toBe(4 * 5_000 + 2 * 10); // four rounds of three; the second and third of a round 10 ms apart
  });

  it("honours Retry-After: nothing goes to the server before its pause ends, and the refused request goes first", async () => {
    const t = virtualTime();
    const sent: { at: number; id: number }[] = [];
    let refuseNext = 3; // the fourth request is refused once
    const pacer = createServerPacer({ kind: "rdap", clock: t.clock, initialRate: 10 });
    const request = (id: number) => async () => {
      sent.push({ at: t.clock.now(), id });
      if (sent.length === refuseNext + 1) {
        refuseNext = Infinity;
        throw new RateLimitSignal(7_000, "HTTP 429");
      }
      return id;
    };
    const results: number[] = [];
    for (let id = 0; id < 8; id++) void pacer.run("s", request(id)).then((v) => results.push(v));
    await t.runUntil(() => results.length === 8);
    const refusedAt = sent[3]!.at;
    const after = sent.slice(4);
    expect(after[0]).toEqual({ at: refusedAt + 7_000, id: 3 });
    expect(after.every((s) => s.at >= refusedAt + 7_000)).toBe(true);
    expect(results.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("takes an HTTP-date-free refusal as a default pause, and gives up after maxTries with a clear error", async () => {
    const t = virtualTime();
    const pacer = createServerPacer({ kind: "whois", clock: t.clock, maxTries: 4, defaultPauseMs: 2_000 });
    const sent: number[] = [];
    const err = pacer
      .run("whois.nic.example:43", async () => {
        sent.push(t.clock.now());
        throw new RateLimitSignal(null, "limit exceeded answer");
      })
      .catch((e: unknown) => e);
    let settled = false;
    void err.then(() => (settled = true));
    await t.runUntil(() => settled);
    const e = (await err) as RateLimitedError;
    expect(e).toBeInstanceOf(RateLimitedError);
    expect(e.code).toBe("ERATELIMITED");
    expect(e.message).toBe(
      "whois.nic.example:43 refused the request 4 times for its rate (no Retry-After): limit exceeded answer",
    );
    expect(sent).toEqual([0, 2_000, 4_000, 6_000]);
  });

  it("fails a server's requests at once when it asks to wait longer than maxPauseMs", async () => {
    const t = virtualTime();
    const pacer = createServerPacer({ kind: "rdap", clock: t.clock, initialRate: 1, maxPauseMs: 60_000 });
    let calls = 0;
    const outcomes: unknown[] = [];
    for (let i = 0; i < 3; i++)
      void pacer
        .run("https://rdap.slow", async () => {
          calls++;
          throw new RateLimitSignal(3_600_000, "HTTP 429");
        })
        .catch((e: unknown) => outcomes.push(e));
    await t.runUntil(() => outcomes.length === 3);
    expect(calls).toBe(1);
    expect(outcomes.every((e) => e instanceof RateLimitedError)).toBe(true);
    expect((outcomes[0] as Error).message).toBe("https://rdap.slow asks to wait 3600 s (Retry-After 3600 s)");
    expect(t.now()).toBe(0);
  });

  it("keeps servers independent: one paused and refusing never delays another", async () => {
    const t = virtualTime();
    const limiting = tokenBucketServer(t, 2, 1, 40, 30_000);
    const free = tokenBucketServer(t, 1000, 1000);
    const pacer = createServerPacer({ kind: "rdap", clock: t.clock });
    let limitedDone = 0;
    let freeDone = 0;
    for (let i = 0; i < 50; i++) {
      void pacer.run("https://limiting", limiting.request).then(() => limitedDone++);
      void pacer.run("https://free", free.request).then(() => freeDone++);
    }
    await t.runUntil(() => freeDone === 50);
    // The free server's 50 went at its own slow start, as though it were alone: about 4 s.
    expect(t.now()).toBeLessThan(5_000);
    expect(limitedDone).toBeLessThan(10);
    expect(limiting.log.limited).toBeGreaterThan(0);
    const byServer = Object.fromEntries(pacer.stats().map((s) => [s.server, s]));
    expect(byServer["https://limiting"]!.pausedUntil).not.toBeNull();
    expect(byServer["https://free"]!.pausedUntil).toBeNull();
  });

  it("runs each task in its caller's async context, whoever's answer dispatched it", async () => {
    const t = virtualTime();
    const als = new AsyncLocalStorage<string>();
    const pacer = createServerPacer({ kind: "rdap", clock: t.clock, initialRate: 1, maxInFlight: 1 });
    const seen: (string | undefined)[] = [];
    const task = async () => {
      seen.push(als.getStore());
      await t.clock.sleep(10);
    };
    let done = 0;
    void als.run("scan A", () => pacer.run("s", task)).then(() => done++);
    void als.run("scan B", () => pacer.run("s", task)).then(() => done++);
    await t.runUntil(() => done === 2);
    expect(seen).toEqual(["scan A", "scan B"]);
  });
});
