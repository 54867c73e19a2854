import { Redis } from "ioredis";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import type { StreamLoss } from "./bus.ts";
import { requireRedis, testRedisUrl } from "../../testing/services.ts";
import { startTcpRelay } from "../../testing/tcp-relay.ts";
import { uniqueId, waitFor } from "../../testing/wait-for.ts";
import { describeBusConformance } from "../../test/bus-conformance.ts";
import { createBus } from "./create-bus.ts";
import { createRedisBus } from "./redis-bus.ts";
import { describeStreamConformance } from "../../test/stream-conformance.ts";

const redis = await requireRedis();

describe("redis bus", () => {
  // Under CI an unreachable service fails here, before any test waits on it.
  beforeAll(() => redis.assertAvailable());

  describeBusConformance("redis", () => createRedisBus({ url: testRedisUrl() }));
  describeStreamConformance("redis", (limits) => createRedisBus({ url: testRedisUrl(), limits }));

  it("reports a group that vanished (Redis restarted without its data) and goes on with new entries", async () => {
    const bus = createRedisBus({ url: testRedisUrl() });
    const admin = new Redis(testRedisUrl());
    try {
      const stream = uniqueId("s");
      const got: unknown[] = [];
      const losses: StreamLoss[] = [];
      const consumer = await bus.consume(
        stream,
        { group: "web", consumer: "a", onLoss: (loss) => void losses.push(loss) },
        (m) => void got.push(m),
      );
      await bus.append(stream, "before");
      await waitFor(() => got.length === 1, "entry before the loss");
      await admin.del(stream); // what a restart without persistence leaves: no stream, no group
      await bus.append(stream, "after");
      await waitFor(() => got.length === 2, "entry after the loss", 10_000);
      expect(got).toEqual(["before", "after"]);
      expect(losses).toEqual([{ stream, reason: "group_lost" }]);
      await consumer.stop();
    } finally {
      admin.disconnect();
      await bus.close();
    }
  });

  it("stops its readers at once while Redis is unreachable (the blocked reads under way end)", async () => {
    const target = new URL(testRedisUrl());
    const relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
    const warnings: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) });
    const bus = createRedisBus({ url: relay.urlFor(testRedisUrl()), logger, commandTimeoutMs: 1000 });
    try {
      const stream = uniqueId("s");
      const got: unknown[] = [];
      const tailed: unknown[] = [];
      const consumer = await bus.consume(stream, { group: "web", consumer: "a" }, (m) => void got.push(m));
      const stopTail = await bus.tail(stream, 0, (m) => void tailed.push(m));
      await bus.append(stream, "before");
      await waitFor(() => got.length === 1 && tailed.length === 1, "entry read by both");
      // Both readers are blocked in a read when Redis goes away; their connections then retry.
      await relay.cut("refuse");
      await waitFor(
        () => warnings.filter((w) => w.includes("redis stream connection error")).length >= 2,
        "blocking connections retrying",
        10_000,
      );
      // A reader stopped now (a partition handed over, a process stopping) must finish stopping.
      await Promise.all([consumer.stop(), stopTail()]);
    } finally {
      await relay.restore();
      await bus.close();
      await relay.close();
    }
  });

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
