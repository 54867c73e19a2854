import { beforeAll, describe, expect, it } from "vitest";
import { deleteRedisKeys } from "../../testing/redis-cleanup.ts";
import { requireRedis, testRedisUrl } from "../../testing/services.ts";
import { uniqueId } from "../../testing/wait-for.ts";
import { decodeJobId, encodeJobId, encodeQueueName } from "./bullmq-names.ts";
import { createBullmqQueue } from "./bullmq-queue.ts";
import { createQueue } from "./create-queue.ts";
import { waitFor } from "../../testing/wait-for.ts";
import { z } from "zod";
import { describeQueueConformance } from "../../test/queue-conformance.ts";
import type { JobQueue } from "./queue.ts";

const redis = await requireRedis();

describe("bullmq queue", () => {
  // Under CI an unreachable service fails here, before any test waits on it.
  beforeAll(() => redis.assertAvailable());

  describeQueueConformance("bullmq", (opts): JobQueue => {
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
  });
});

describe("createQueue with a Redis url", () => {
  it("hands work from a producer-only instance to a consumer instance", async () => {
    const prefix = uniqueId("bwtest");
    const producer = createQueue({ redisUrl: testRedisUrl(), prefix });
    const consumer = createQueue({ redisUrl: testRedisUrl(), prefix });
    const seen: number[] = [];
    try {
      consumer.define({ name: "cross", parse: z.number().parse, handler: async (n) => void seen.push(n) });
      await consumer.start();
      await producer.enqueue("cross", 5);
      await waitFor(() => seen.length === 1, "job from the other instance");
      expect(seen).toEqual([5]);
    } finally {
      await Promise.all([producer.close(), consumer.close()]);
      await deleteRedisKeys(testRedisUrl(), `${prefix}:`);
    }
  });
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
