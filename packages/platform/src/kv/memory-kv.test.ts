import { describe, expect, it } from "vitest";
import { createKv } from "./create-kv.ts";
import { describeKvConformance } from "./kv.conformance.ts";
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
});
