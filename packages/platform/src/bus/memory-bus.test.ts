import { describe, expect, it } from "vitest";
import { describeBusConformance } from "../../test/bus-conformance.ts";
import { createBus } from "./create-bus.ts";
import { createMemoryBus } from "./memory-bus.ts";
import { describeStreamConformance } from "../../test/stream-conformance.ts";

describeBusConformance("memory", () => createMemoryBus());
describeStreamConformance("memory", (limits) => createMemoryBus({ limits }));

describe("memory bus", () => {
  it("is what createBus returns without a Redis url", async () => {
    const bus = createBus({});
    const got: unknown[] = [];
    await bus.psubscribe("a", (_c, m) => void got.push(m));
    await bus.publish("a", 1);
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([1]);
    await bus.close();
  });

  it("refuses to publish after close", async () => {
    const bus = createMemoryBus();
    await bus.close();
    await expect(bus.publish("a", 1)).rejects.toThrow(/closed/);
  });
});
