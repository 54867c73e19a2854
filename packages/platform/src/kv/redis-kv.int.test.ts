import { describe, expect, it } from "vitest";
import { requireRedis, testRedisUrl } from "../testing/services.ts";
import { uniqueId } from "../testing/wait-for.ts";
import { describeKvConformance } from "./kv.conformance.ts";
import { createRedisKv } from "./redis-kv.ts";

const redis = await requireRedis();

describe.skipIf(redis.skip)(redis.title("redis kv"), () => {
  describeKvConformance("redis", () => createRedisKv({ url: testRedisUrl() }), {
    beforeAll: () => redis.assertAvailable(),
  });

  describeKvConformance(
    "redis with key prefix",
    () => createRedisKv({ url: testRedisUrl(), prefix: `${uniqueId()}[*]:` }),
    {
      beforeAll: () => redis.assertAvailable(),
    },
  );

  it("prefix isolates stores sharing a server", async () => {
    const a = createRedisKv({ url: testRedisUrl(), prefix: `${uniqueId()}:` });
    const b = createRedisKv({ url: testRedisUrl(), prefix: `${uniqueId()}:` });
    try {
      await a.set("k", "a");
      expect(await b.get("k")).toBeNull();
      expect(await a.keys("*")).toEqual(["k"]);
      expect(await b.keys("*")).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
