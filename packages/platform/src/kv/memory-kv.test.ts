import { afterEach, describe, expect, it, vi } from "vitest";
import { createKv } from "./create-kv.ts";
import { describeKvConformance } from "../../test/kv-conformance.ts";
import { createMemoryKv } from "./memory-kv.ts";

describeKvConformance("memory", () => createMemoryKv());

describe("memory kv", () => {
  it("is what createKv returns without a Redis url", async () => {
    const kv = createKv();
    await kv.set("a", "1", 1000);
    expect(await kv.get("a")).toBe("1");
    await kv.close();
    expect(await kv.get("a")).toBeNull();
  });

  describe("a TTL longer than a timer can hold (2^31-1 ms, about 24.8 days)", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("keeps the key until it expires, then reclaims it", async () => {
      vi.useFakeTimers({ now: 0 });
      const day = 86_400_000;
      const kv = createMemoryKv();
      await kv.set("long", "v", 30 * day);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await kv.get("long")).toBe("v");
      await vi.advanceTimersByTimeAsync(30 * day - 2_000);
      expect(await kv.get("long")).toBe("v");
      expect(await kv.ttl("long")).toBe(1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await kv.get("long")).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
      await kv.close();
    });
  });
});
