import { describe } from "vitest";
import { requireRedis, testRedisUrl } from "../testing/services.ts";
import { describeBusConformance } from "./bus.conformance.ts";
import { createRedisBus } from "./redis-bus.ts";

const redis = await requireRedis();

describe.skipIf(redis.skip)(redis.title("redis bus"), () => {
  describeBusConformance("redis", () => createRedisBus({ url: testRedisUrl() }), {
    beforeAll: () => redis.assertAvailable(),
  });
});
