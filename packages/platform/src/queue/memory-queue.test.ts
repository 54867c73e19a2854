import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sleep, waitFor } from "../../testing/wait-for.ts";
import { createQueue } from "./create-queue.ts";
import { createMemoryQueue } from "./memory-queue.ts";
import { describeQueueConformance } from "../../test/queue-conformance.ts";

describeQueueConformance("memory", (opts) => createMemoryQueue(opts));

describe("memory queue", () => {
  it("is what createQueue returns without a Redis url", async () => {
    const q = createQueue();
    const seen: number[] = [];
    q.define({ name: "a", parse: z.number().parse, handler: async (n) => void seen.push(n) });
    await q.start();
    await q.enqueue("a", 7);
    await waitFor(() => seen.length === 1, "job");
    await q.close();
  });

  it("refuses to define the same job twice", () => {
    const q = createMemoryQueue();
    q.define({ name: "a", parse: z.number().parse, handler: async () => undefined });
    expect(() => q.define({ name: "a", parse: z.number().parse, handler: async () => undefined })).toThrow(
      /already/,
    );
  });

  it("stops schedules on close", async () => {
    const q = createMemoryQueue();
    let runs = 0;
    q.define({ name: "t", parse: z.number().parse, handler: async () => void runs++ });
    await q.schedule("s", "t", 1, 50);
    await q.start();
    await waitFor(() => runs >= 1, "first run");
    await q.close();
    const after = runs;
    await sleep(150);
    expect(runs).toBe(after);
  });
});
