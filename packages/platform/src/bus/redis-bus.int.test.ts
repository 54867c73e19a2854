import { beforeAll, describe, expect, it } from "vitest";
import { requireRedis, testRedisUrl } from "../testing/services.ts";
import { uniqueId, waitFor } from "../testing/wait-for.ts";
import { describeBusConformance } from "./bus.conformance.ts";
import { createBus } from "./create-bus.ts";
import { createRedisBus } from "./redis-bus.ts";

const redis = await requireRedis();

describe("redis bus", () => {
  // Under CI an unreachable service fails here, before any test waits on it.
  beforeAll(() => redis.assertAvailable());

  describeBusConformance("redis", () => createRedisBus({ url: testRedisUrl() }));

  it("createBus with a Redis url connects two instances like two processes", async () => {
    const a = createBus({ redisUrl: testRedisUrl() });
    const b = createBus({ redisUrl: testRedisUrl() });
    try {
      const p = uniqueId();
      const got: unknown[] = [];
      await b.psubscribe(`${p}:*`, (_channel, message) => void got.push(message));
      await a.publish(`${p}:scan_update`, { seq: 1 });
      await waitFor(() => got.length === 1, "cross-instance message");
      expect(got).toEqual([{ seq: 1 }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
