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
import { startTcpRelay } from "../../testing/tcp-relay.ts";
import { isConnectionError } from "../util/connection-error.ts";
import { createRedisKv } from "../kv/redis-kv.ts";

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

describe("while Redis does not answer", () => {
  it("enqueueing and key reads fail within the command timeout with a connection error, and work again after", async () => {
    const target = new URL(testRedisUrl());
    const relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
    const prefix = uniqueId("bwtest");
    const url = relay.urlFor(testRedisUrl());
    const queue = createBullmqQueue({ url, prefix, commandTimeoutMs: 300 });
    const kv = createRedisKv({ url, prefix: `${prefix}:`, commandTimeoutMs: 300 });
    try {
      await queue.enqueue("job", 1);
      await relay.cut("hang");
      // Before the bound, each of these waited forever.
      const enqueued = await queue.enqueue("job", 2).then(
        () => null,
        (e: unknown) => e,
      );
      expect(String(enqueued)).toMatch(/Redis did not answer|timed out/i);
      expect(isConnectionError(enqueued)).toBe(true);
      const read = await kv.get("k").then(
        () => null,
        (e: unknown) => e,
      );
      expect(isConnectionError(read)).toBe(true);
      await relay.restore();
      await waitFor(
        () =>
          queue.enqueue("job", 3).then(
            () => true,
            () => false,
          ),
        "enqueueing works again",
        20_000,
      );
      await kv.set("k", "v");
      expect(await kv.get("k")).toBe("v");
    } finally {
      await queue.close();
      await kv.close();
      await relay.close();
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
