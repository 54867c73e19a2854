import { beforeAll, describe, expect, it } from "vitest";
import { deleteRedisKeys } from "../../testing/redis-cleanup.ts";
import { requireRedis, testRedisUrl } from "../../testing/services.ts";
import { uniqueId } from "../../testing/wait-for.ts";
import type { KeyValueStore } from "./kv.ts";
import { describeKvConformance } from "../../test/kv-conformance.ts";
import { createRedisKv } from "./redis-kv.ts";

const redis = await requireRedis();

/** A store under its own prefix that deletes its keys when closed, so runs leave Redis clean. */
function isolatedKv(prefix: string): KeyValueStore {
  const kv = createRedisKv({ url: testRedisUrl(), prefix });
  return {
    ...kv,
    close: async () => {
      await kv.close();
      await deleteRedisKeys(testRedisUrl(), prefix);
    },
  };
}

describe("redis kv", () => {
  // Under CI an unreachable service fails here, before any test waits on it.
  beforeAll(() => redis.assertAvailable());

  describeKvConformance("redis", () => isolatedKv(`${uniqueId("kvtest")}:`));

  // Glob metacharacters in the prefix must not leak into `keys` patterns.
  describeKvConformance("redis with glob characters in the prefix", () =>
    isolatedKv(`${uniqueId("kvtest")}[*]:`),
  );

  it("prefix isolates stores sharing a server", async () => {
    const a = isolatedKv(`${uniqueId("kvtest")}:`);
    const b = isolatedKv(`${uniqueId("kvtest")}:`);
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
