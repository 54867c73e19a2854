import { describe, expect, it } from "vitest";
import { DnsTimeoutError, type DnsClient, type DnsResponse } from "../../ports/dns/dns.port.ts";
import { createPacedDnsClient } from "./paced-dns-client.ts";
import type { LimiterClock } from "./rate-limiter.ts";

/**
 * Virtual time: a sleep is a timer on a virtual timeline; `run` moves time to the next timer once
 * everything that can run without time passing has run (optionally stalling now and then, as a
 * busy event loop does). No test waits for the machine's clock.
 */
function virtualTime(opts: { stallEvery?: number; stallMs?: number } = {}) {
  let now = 0;
  let wakes = 0;
  const timers: Array<{ at: number; wake: () => void }> = [];
  const clock: LimiterClock = {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => timers.push({ at: now + ms, wake })),
  };
  const settle = () => new Promise<void>((r) => setImmediate(r));
  return {
    clock,
    now: () => now,
    async run<T>(work: Promise<T>): Promise<T> {
      let done = false;
      void work.finally(() => (done = true)).catch(() => undefined);
      for (;;) {
        await settle();
        if (done) return work;
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next) return work;
        now = Math.max(now, next.at);
        if (opts.stallEvery && ++wakes % opts.stallEvery === 0) now += opts.stallMs ?? 0;
        // Every timer due by now fires, in order (after a stall, several at once).
        while (timers.length && timers[0]!.at <= now) timers.shift()!.wake();
      }
    },
  };
}

/** A name server that answers at once, recording the virtual time of each query. */
function fakeServer(name: string, now: () => number, fail = false) {
  const sent: number[] = [];
  const client: DnsClient = {
    nameservers: [{ host: name, port: 53 }],
    async query(q, type): Promise<DnsResponse> {
      sent.push(now());
      if (fail) throw new DnsTimeoutError(q, type, 1);
      return { rcode: "NXDOMAIN", answers: [], authority: [], truncated: false, server: `${name}:53` };
    },
    close: async () => undefined,
  };
  return { client, sent };
}

/** The most queries any one-second window saw. */
const busiestSecond = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
};

describe("the watch's pace per name server", () => {
  it("spreads N queries at QPS over N/QPS seconds on each server, never a burst", async () => {
    const v = virtualTime();
    const a = fakeServer("192.0.2.1", v.now);
    const b = fakeServer("192.0.2.2", v.now);
    const paced = createPacedDnsClient([a.client, b.client], 50, v.clock);
    // 1,000 queries asked at once: 500 per server at 50 a second each.
    await v.run(Promise.all(Array.from({ length: 1000 }, (_, i) => paced.query(`n${i}.example`, "NS"))));
    expect(a.sent).toHaveLength(500);
    expect(b.sent).toHaveLength(500);
    // The last of 500 at 20 ms spacing goes out at 499 × 20 ms.
    expect(Math.max(...a.sent)).toBe(499 * 20);
    expect(busiestSecond(a.sent)).toBeLessThanOrEqual(50);
    expect(busiestSecond(b.sent)).toBeLessThanOrEqual(50);
    const gaps = a.sent.slice(1).map((t, i) => t - a.sent[i]!);
    expect(Math.min(...gaps)).toBe(20);
  });

  it("keeps to the pace when the event loop stalls: the slots missed never go at once past QPS", async () => {
    // Every 40th wake the loop is busy for 300 ms: the timers due meanwhile all fire at its end,
    // and a token bucket alone would let the slots they missed go at once.
    const v = virtualTime({ stallEvery: 40, stallMs: 300 });
    const server = fakeServer("192.0.2.1", v.now);
    const paced = createPacedDnsClient([server.client], 100, v.clock);
    await v.run(Promise.all(Array.from({ length: 1000 }, (_, i) => paced.query(`n${i}.example`, "NS"))));
    expect(server.sent).toHaveLength(1000);
    expect(busiestSecond(server.sent)).toBeLessThanOrEqual(100);
  });

  it("fails over to the next server on a timeout, paced there too", async () => {
    const v = virtualTime();
    const down = fakeServer("192.0.2.1", v.now, true);
    const up = fakeServer("192.0.2.2", v.now);
    const paced = createPacedDnsClient([down.client, up.client], 10, v.clock);
    const answers = await v.run(Promise.all(Array.from({ length: 20 }, (_, i) => paced.query(`n${i}.example`, "A", { retries: 1 })))); // prettier-ignore
    expect(answers.every((r) => r.server === "192.0.2.2:53")).toBe(true);
    expect(up.sent).toHaveLength(20);
    expect(busiestSecond(up.sent)).toBeLessThanOrEqual(10);
    await expect(
      v.run(createPacedDnsClient([down.client], 10, v.clock).query("x.example", "A", { retries: 2 })),
    ).rejects.toBeInstanceOf(DnsTimeoutError);
    expect(() => createPacedDnsClient([], 10)).toThrow(/at least one name server/);
  });
});
