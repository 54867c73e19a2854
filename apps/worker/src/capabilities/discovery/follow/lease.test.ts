import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { describe, expect, it } from "vitest";
import { createLogLease } from "./lease.ts";

describe("per-log lease", () => {
  it("lets one process hold it, renews it while held, and hands it over once it lapses", async () => {
    const kv = createMemoryKv();
    const clock = { t: 1_000_000, now: () => clock.t };
    const a = createLogLease({ kv, key: "lease", owner: "a", ttlMs: 60_000, clock });
    const b = createLogLease({ kv, key: "lease", owner: "b", ttlMs: 60_000, clock });
    expect(await a.hold()).toBe(true);
    expect(await b.hold()).toBe(false);
    clock.t += 50_000; // a renews (past a third of the lease) and keeps it
    expect(await a.hold()).toBe(true);
    clock.t += 50_000; // 100 s after the start, but 50 s after the renewal
    expect(await b.hold()).toBe(false);
    clock.t += 60_001; // a stopped renewing: lapsed
    expect(await b.hold()).toBe(true);
    expect(await a.hold()).toBe(false);
    await a.release(); // not a's to release
    expect(await b.hold()).toBe(true);
    await b.release();
    expect(await a.hold()).toBe(true);
  });

  it("gives a lapsed lease to one of several contenders", async () => {
    const kv = createMemoryKv();
    const clock = { t: 0, now: () => clock.t };
    const make = (owner: string) => createLogLease({ kv, key: "l", owner, ttlMs: 1000, clock });
    expect(await make("old").hold()).toBe(true);
    clock.t = 5000;
    const results = await Promise.all(["x", "y", "z"].map((o) => make(o).hold()));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("treats an unreadable lease as lapsed", async () => {
    const kv = createMemoryKv();
    await kv.set("l", "garbage");
    const lease = createLogLease({ kv, key: "l", owner: "a", ttlMs: 1000, clock: { now: () => 1 } });
    expect(await lease.hold()).toBe(true);
  });
});
