import { beforeAll, describe, expect, it } from "vitest";
import { deleteRedisKeys } from "../testing/redis-cleanup.ts";
import { requireRedis, testRedisUrl } from "../testing/services.ts";
import { uniqueId } from "../testing/wait-for.ts";
import { decodeJobId, encodeJobId, encodeQueueName } from "./bullmq-names.ts";
import { createBullmqQueue } from "./bullmq-queue.ts";
import { describeQueueConformance } from "./queue.conformance.ts";
import type { JobQueue } from "./queue.ts";

const redis = await requireRedis();

describe.skipIf(redis.skip)(redis.title("bullmq queue"), () => {
  // Under CI an unreachable service fails here, before any test waits on it.
  beforeAll(() => redis.assertAvailable());

  describeQueueConformance(
    "bullmq",
    (opts): JobQueue => {
      const prefix = uniqueId("bwtest");
      const queue = createBullmqQueue({ ...opts, url: testRedisUrl(), prefix });
      // Each test's queue lives under its own prefix; remove it all once the queue is closed.
      return {
        ...queue,
        close: async () => {
          await queue.close();
          await deleteRedisKeys(testRedisUrl(), `${prefix}:`);
        },
      };
    },
    { beforeAll: () => redis.assertAvailable() },
  );
});

describe("bullmq names", () => {
  it("encodes ids reversibly and without colons or integers", () => {
    for (const id of ["scan:42", "42", "a%3Ab", "plain"]) {
      const encoded = encodeJobId(id);
      expect(encoded).not.toContain(":");
      expect(`${parseInt(encoded, 10)}`).not.toBe(encoded);
      expect(decodeJobId(encoded)).toBe(id);
    }
    expect(encodeQueueName("scan:start")).toBe("scan%3Astart");
  });
});
