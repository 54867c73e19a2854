import { describe, expect, it } from "vitest";
import type { TScanStartPayload } from "@brandwarden/contract/scan";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { createCheckpoints } from "./checkpoints.ts";
import { createFairSlots } from "./fair-slots.ts";
import { createScanRunner } from "./scan-runner.ts";
import type { StageDef } from "./stage.ts";
import { scanStartPayload } from "../../../test/scan-payload.ts";

const payload = (user_id: string): TScanStartPayload => scanStartPayload({ user_id });

describe("fair slots", () => {
  it("gives a freed slot to the user with the fewest running scans, then the one served least recently", async () => {
    const slots = createFairSlots(2);
    const order: string[] = [];
    const take = (owner: string, name: string) => slots.acquire(owner).then(() => void order.push(name));
    const settle = () => new Promise((r) => setImmediate(r));
    await take("a", "a1");
    await take("a", "a2");
    const waiting = [take("a", "a3"), take("a", "a4"), take("b", "b1"), take("c", "c1"), take("b", "b2")];
    expect(slots.stats()).toEqual({ running: { a: 2 }, waiting: 5 });

    slots.release("a"); // a still runs one; b and c were never served: b1 waited longer
    await settle();
    slots.release("a"); // nobody runs for a or c, but a was served, c never: c1
    await settle();
    slots.release("b"); // a and b run nothing; b was served after a: a3
    await settle();
    slots.release("c"); // a runs one, b none: b2
    await settle();
    slots.release("a"); // only a4 is left
    await Promise.all(waiting);
    expect(order).toEqual(["a1", "a2", "b1", "c1", "a3", "b2", "a4"]);
    expect(slots.stats()).toEqual({ running: { a: 1, b: 1 }, waiting: 0 });
  });

  it("refuses a concurrency below one", () => {
    expect(() => createFairSlots(0)).toThrow(/concurrency/);
  });
});

describe("the scan runner schedules scans fairly across users", () => {
  it("runs another user's first scan before the second and third scans one user queued earlier", async () => {
    const started: string[] = [];
    const releases: Array<() => void> = [];
    const held: StageDef = {
      name: "generate",
      output: "candidates",
      run: (ctx) =>
        new Promise<void>((resolve) => {
          started.push(ctx.payload.user_id === "u-bulk" ? `bulk-${ctx.scanId.slice(0, 4)}` : "other");
          releases.push(resolve);
        }),
    };
    const runner = createScanRunner({
      stages: [held],
      checkpoints: createCheckpoints(createMemoryKv()),
      sink: async () => undefined,
      logger: createSilentLogger(),
      concurrency: 1,
    });
    const bulk = [payload("u-bulk"), payload("u-bulk"), payload("u-bulk")];
    const other = payload("u-other");
    const done = [...bulk, other].map((p) => runner.submit(p));
    const label = (p: TScanStartPayload) => (p === other ? "other" : `bulk-${p.scan_id.slice(0, 4)}`);

    const settle = () => new Promise((r) => setImmediate(r));
    while (started.length === 0) await settle();
    expect(started).toEqual([label(bulk[0]!)]);
    for (let i = 0; i < 3; i++) {
      const before = started.length;
      releases[i]!();
      while (started.length === before) await settle();
    }
    releases[3]!();
    await Promise.all(done);
    expect(started).toEqual([label(bulk[0]!), "other", label(bulk[1]!), label(bulk[2]!)]);
  });
});
