// Benchmark: worker→web messages through the durable path (Redis Streams: partitioned streams
// read by the web processes' consumer group, acknowledged after the handler) against the Redis
// pub/sub path it replaced, in the same run on the same Redis:
// 1. throughput: N scan_update envelopes published with up to 64 in flight, until all handled
//    (three rounds each, alternating, median);
// 2. publish→apply latency: scan updates at a scan's pace, applied to PostgreSQL by the web app's
//    real `scan_update` handler; median and p95 per path, and what the durable path adds.
// Needs Redis (REDIS_URL or the local default) and PostgreSQL (DATABASE_URL or the local default).
// Usage: node --import tsx bench/event-delivery.ts [N]   (default 20000)
import { createRedisBus } from "@brandwarden/platform/bus/redis-bus";
import { createDatabase } from "@brandwarden/platform/database/database";
import { createTestDatabase } from "@brandwarden/platform/testing/postgres-test-db";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import {
  appendEvent,
  eventKey,
  eventStreams,
  WEB_GROUP,
} from "@brandwarden/platform/messaging/event-streams";
import { createMemoryQueue } from "@brandwarden/platform/queue/memory-queue";
import { deleteRedisKeys } from "@brandwarden/platform/testing/redis-cleanup";
import {
  probePostgres,
  probeRedis,
  testDatabaseUrl,
  testRedisUrl,
} from "@brandwarden/platform/testing/services";
import { createEventConsumer } from "@brandwarden/web/events/event-consumer";
import { MIGRATIONS_FOLDER, schema, type Db } from "@brandwarden/web/db/client";
import { createScanStreamHub } from "@brandwarden/web/lib/scan-stream";
import { createAuditEventsRepository } from "@brandwarden/web/modules/audit-events/audit-events.repository";
import { createScanUpdateHandler } from "@brandwarden/web/modules/scans/scan-events";
import { createScansRepository } from "@brandwarden/web/modules/scans/scans.repository";
import { insertScan, insertUser } from "@brandwarden/web/test/factories";
import { nextSeq } from "@brandwarden/worker/ports/events/scan-publisher";

const N = Number(process.argv[2] ?? 20_000);
const LATENCY_MESSAGES = 600;
const LATENCY_RATE_PER_S = 50;
const redisUrl = testRedisUrl();
for (const [what, probe] of [
  ["Redis", () => probeRedis(redisUrl)],
  ["PostgreSQL", () => probePostgres(testDatabaseUrl())],
] as const) {
  await probe().catch((err: unknown) => {
    console.log(`${what} not reachable (${String(err)}): nothing measured`);
    process.exit(1);
  });
}

const prefix = `bwbench${process.pid}`;
const logger = createSilentLogger();
const worker = createRedisBus({ url: redisUrl });
const web = createRedisBus({ url: redisUrl });
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const stages = Object.fromEntries(
  ["generate", "resolve", "enrich", "social", "score", "audit"].map((s, i) => [
    s,
    { status: i < 2 ? "completed" : "pending", done: 120, total: 120, started_at: null, finished_at: null },
  ]),
);
let seq = 0;
/** A scan_update of one of 50 scans, about 700 bytes of JSON like a real one. */
const envelope = (scanId: string) => ({
  v: 1,
  kind: "scan_update",
  scan_id: scanId,
  seq: (seq = nextSeq(seq)),
  ts: new Date().toISOString(),
  data: { status: "running", stage_states: stages },
});
const scanIds = Array.from(
  { length: 50 },
  (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
);

/** Sends `n` messages with up to 64 in flight; resolves with ms until `handled()` reached n. */
async function throughput(send: (m: unknown) => Promise<unknown>, handled: () => number, n: number) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < n) await send(envelope(scanIds[next++ % scanIds.length]!));
    }),
  );
  while (handled() < n) await new Promise((r) => setTimeout(r, 2));
  return performance.now() - started;
}

// 1. Throughput: three rounds of each, alternating (the machine may be busy), median per path.
const ROUNDS = 3;
let received = 0;
const unsubscribe = await web.psubscribe(`${prefix}:*`, () => void received++);
let applied = 0;
const consumer = await web.consumePartitions(
  eventStreams(prefix),
  { group: WEB_GROUP, consumer: "bench-web", keyOf: eventKey },
  () => void applied++,
);
await consumer.caughtUp;
const times = { pubsub: [] as number[], durable: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  const [r0, a0] = [received, applied];
  times.pubsub.push(
    await throughput(
      (m) => worker.publish(`${prefix}:scan_update`, m),
      () => received - r0,
      N,
    ),
  );
  times.durable.push(
    await throughput(
      (m) => appendEvent(worker, prefix, m),
      () => applied - a0,
      N,
    ),
  );
}
await unsubscribe();
await consumer.stop();
const pubsubMs = quantile(times.pubsub, 0.5);
const durableMs = quantile(times.durable, 0.5);
const rate = (ms: number) => Math.round(N / (ms / 1000)).toLocaleString("en");
console.log(
  `throughput, ${N.toLocaleString("en")} scan updates (~700 B), 64 in flight, median of ${ROUNDS} rounds:`,
);
console.log(`  pub/sub (at most once)      ${rate(pubsubMs)} msg/s`);
console.log(
  `  streams (durable, acked)    ${rate(durableMs)} msg/s  (${(durableMs / pubsubMs).toFixed(2)}x the time)`,
);

// 2. Publish→apply latency into PostgreSQL through the web app's scan_update handler.
const testDb = await createTestDatabase(testDatabaseUrl());
const database = await createDatabase({ url: testDb.url, schema, migrationsFolder: MIGRATIONS_FOLDER });
const db = database.db as Db;
const user = await insertUser(db);
const scans = await Promise.all(
  scanIds.slice(0, 5).map(() => insertScan(db, user.id, { status: "running" })),
);
const kv = createMemoryKv();
const handler = createScanUpdateHandler({
  db,
  scans: createScansRepository(db),
  auditEvents: createAuditEventsRepository(db),
  kv,
  queue: createMemoryQueue({ kv }),
  hub: createScanStreamHub(),
  bus: web,
  prefix,
  logger,
});
const sentAt = new Map<number, { at: number; into: number[] }>();
const latencies = { pubsub: [] as number[], durable: [] as number[] };
const timed = async (message: Parameters<typeof handler>[0]) => {
  await handler(message);
  const sent = sentAt.get(message.seq);
  sent?.into.push(performance.now() - sent.at);
};

/** `count` messages at the scan's pace through `send`, until all are applied. */
async function paced(
  send: (m: ReturnType<typeof envelope>) => Promise<unknown>,
  into: number[],
  count: number,
) {
  const target = into.length + count;
  for (let i = 0; i < count; i++) {
    const m = envelope(scans[i % scans.length]!.id);
    sentAt.set(m.seq, { at: performance.now(), into });
    await send(m);
    await new Promise((r) => setTimeout(r, 1000 / LATENCY_RATE_PER_S));
  }
  while (into.length < target) await new Promise((r) => setTimeout(r, 5));
}

const stopPubsub = await web.psubscribe(`${prefix}:scan_update`, (_c, m) => timed(m as never));
const events = createEventConsumer({
  bus: web,
  prefix,
  logger,
  consumerName: "bench-web",
  handlers: { scan_update: timed } as never,
});
await events.start();
// Alternating blocks, so both paths see the same moments of a busy machine.
for (let round = 0; round < ROUNDS; round++) {
  await paced((m) => worker.publish(`${prefix}:scan_update`, m), latencies.pubsub, LATENCY_MESSAGES / ROUNDS);
  await paced((m) => appendEvent(worker, prefix, m), latencies.durable, LATENCY_MESSAGES / ROUNDS);
}
await stopPubsub();
await events.stop();

const ms = (x: number) => `${x.toFixed(1)} ms`;
const [p50, p95] = [0.5, 0.95].map((q) => [quantile(latencies.pubsub, q), quantile(latencies.durable, q)]);
console.log(
  `publish→apply latency, ${LATENCY_MESSAGES} scan updates at ${LATENCY_RATE_PER_S}/s applied to PostgreSQL:`,
);
console.log(`  pub/sub   median ${ms(p50![0]!)}, p95 ${ms(p95![0]!)}`);
console.log(`  streams   median ${ms(p50![1]!)}, p95 ${ms(p95![1]!)}`);
console.log(
  `  streams minus pub/sub: median ${ms(p50![1]! - p50![0]!)}, p95 ${ms(p95![1]! - p95![0]!)} (pub/sub applies as messages come, streams one scan's at a time)`,
);

await database.close();
await testDb.drop();
await Promise.all([worker.close(), web.close()]);
await deleteRedisKeys(redisUrl, prefix);
