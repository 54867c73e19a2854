import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDeadlineSweep } from "./deadline-sweep.ts";

// The sweep reads performance.now() and runs on setInterval: both are faked, so the test owns the
// clock and counts only the timers the sweep itself created (never the process's other timers).
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "setImmediate", "performance"],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("deadline sweep", () => {
  it("calls back each item once after its deadline, never for one deleted in time", () => {
    const due: string[] = [];
    const sweep = createDeadlineSweep<string>(5, (x) => due.push(x));
    const now = performance.now();
    sweep.add("soon", now + 10);
    sweep.add("later", now + 60);
    sweep.add("answered", now + 10);
    sweep.delete("answered");
    vi.advanceTimersByTime(9);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(26);
    expect(due).toEqual(["soon"]);
    vi.advanceTimersByTime(60);
    expect(due).toEqual(["soon", "later"]);
    vi.advanceTimersByTime(100);
    expect(due).toEqual(["soon", "later"]);
  });

  it("stops its interval when nothing waits, so the process can exit", () => {
    const sweep = createDeadlineSweep<number>(5, () => {});
    expect(vi.getTimerCount()).toBe(0);
    sweep.add(1, performance.now() + 5);
    sweep.add(3, performance.now() + 5);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(30);
    expect(vi.getTimerCount()).toBe(0);
    sweep.add(2, performance.now() + 10_000);
    expect(vi.getTimerCount()).toBe(1);
    sweep.clear();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("deadline sweep after the event loop was held up", () => {
  it("credits an answer that arrived meanwhile instead of calling it timed out", async () => {
    vi.useRealTimers();
    const { createSocket } = await import("node:dgram");
    const server = createSocket("udp4");
    const client = createSocket("udp4");
    await new Promise<void>((r) => server.bind(0, "127.0.0.1", () => r()));
    const due: string[] = [];
    const sweep = createDeadlineSweep<string>(5, (x) => due.push(x));
    server.on("message", () => sweep.delete("query"));
    try {
      sweep.add("query", performance.now() + 20);
      // The answer is on its way (sent) before the loop is held up past the deadline.
      await new Promise<void>((r) => client.send("answer", server.address().port, "127.0.0.1", () => r()));
      const until = performance.now() + 100;
      while (performance.now() < until); // a burst of CPU work on the scan's loop
      await new Promise((r) => setTimeout(r, 50));
      expect(due).toEqual([]);
    } finally {
      sweep.clear();
      client.close();
      server.close();
    }
  });
});
