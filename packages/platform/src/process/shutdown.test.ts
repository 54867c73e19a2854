import { describe, expect, it } from "vitest";
import { shutdownWithin, stopSteps } from "./shutdown.ts";

/** A deadline the test fires itself: no wall clock involved. */
function manualTimer() {
  let fire: (() => void) | null = null;
  let ms = 0;
  return {
    timer: (f: () => void, after: number) => {
      fire = f;
      ms = after;
      return () => (fire = null);
    },
    fire: () => fire?.(),
    get armedMs() {
      return fire ? ms : null;
    },
  };
}

describe("shutdownWithin", () => {
  it("resolves 0 when the stop ends in time, and disarms the deadline", async () => {
    const t = manualTimer();
    const logs: string[] = [];
    const code = await shutdownWithin(
      { stop: async () => undefined, shutdownTimeoutMs: 5000 },
      { log: (m) => logs.push(m), timer: t.timer },
    );
    expect(code).toBe(0);
    expect(t.armedMs).toBeNull();
    expect(logs).toEqual([]);
  });

  it("gives up on a stop that hangs once the deadline fires, naming what was cut", async () => {
    const t = manualTimer();
    const logs: string[] = [];
    const steps = stopSteps([
      ["event streams", () => undefined],
      ["HTTP server", () => new Promise<void>(() => undefined)], // a response that never ends
      ["database", () => undefined],
    ]);
    const pending = shutdownWithin(
      { stop: steps.run, shutdownTimeoutMs: 10_000, unfinished: steps.unfinished },
      { log: (m) => logs.push(m), timer: t.timer },
    );
    await new Promise((r) => setImmediate(r));
    expect(t.armedMs).toBe(10_000);
    t.fire();
    expect(await pending).toBe(1);
    expect(logs).toEqual(["shutdown deadline of 10 s passed; exiting with HTTP server; database cut"]);
  });

  it("defaults to 10 s and resolves 1 when the stop fails", async () => {
    const t = manualTimer();
    const logs: string[] = [];
    const code = await shutdownWithin(
      { stop: () => Promise.reject(new Error("redis gone")) },
      { log: (m) => logs.push(m), timer: t.timer },
    );
    expect(code).toBe(1);
    expect(logs[0]).toMatch(/^shutdown failed: Error: redis gone/);
  });

  it("stopSteps runs the steps in order; none is left once they ran", async () => {
    const ran: string[] = [];
    const steps = stopSteps([
      ["a", () => void ran.push("a")],
      ["b", async () => void ran.push("b")],
    ]);
    expect(steps.unfinished()).toEqual(["a", "b"]);
    await steps.run();
    expect(ran).toEqual(["a", "b"]);
    expect(steps.unfinished()).toEqual([]);
  });
});
