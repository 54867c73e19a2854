import { beforeAll, describe } from "vitest";
import { requireRedis, testRedisUrl } from "../testing/services.ts";
import { describeBusConformance } from "./bus.conformance.ts";
import { createRedisBus } from "./redis-bus.ts";

const redis = await requireRedis();

describe.skipIf(redis.skip)(redis.title("redis bus"), () => {
  // Under CI an unreachable service fails here, before any test waits on it.
  beforeAll(() => redis.assertAvailable());

  describeBusConformance("redis", () => createRedisBus({ url: testRedisUrl() }));
});
