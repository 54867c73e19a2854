import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Bus } from "@brandwarden/platform/bus/bus";
import { createRedisBus } from "@brandwarden/platform/bus/redis-bus";
import { createMemoryBlobStore } from "@brandwarden/platform/blob/memory-blob-store";
import { createDatabase } from "@brandwarden/platform/database/database";
import { createTestDatabase, type TestDatabase } from "@brandwarden/platform/testing/postgres-test-db";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { appendEvent } from "@brandwarden/platform/messaging/event-streams";
import { createMemoryQueue } from "@brandwarden/platform/queue/memory-queue";
import { deleteRedisKeys } from "@brandwarden/platform/testing/redis-cleanup";
import {
  requirePostgres,
  requireRedis,
  testDatabaseUrl,
  testRedisUrl,
} from "@brandwarden/platform/testing/services";
import { uniqueId, waitFor } from "@brandwarden/platform/testing/wait-for";
import { loadWebConfig } from "../src/config.ts";
import { createWebContainer, type WebContainer } from "../src/container.ts";
import { domainFindings, scans } from "../src/db/schema.ts";
import { MIGRATIONS_FOLDER, schema, type Db } from "../src/db/client.ts";
import type { ScanStreamMessage } from "../src/lib/scan-stream.ts";
import { insertScan, insertUser } from "./factories.ts";
import { TEST_TOKEN } from "./harness.ts";

const pg = await requirePostgres();
const redis = await requireRedis();

/**
 * Several web processes on one PostgreSQL and one Redis, as in the split deployment: each with its
 * own connections and consumer name. Browser pushes reach every process; a process that starts
 * applies what the worker reported while none ran before it serves.
 */
describe("event streams shared by several web processes", () => {
  const prefix = uniqueId("bwmulti");
  let testDb: TestDatabase;
  let worker: Bus;
  const running: Array<{ container: WebContainer; close(): Promise<void> }> = [];

  async function webProcess(name: string) {
    const database = await createDatabase({
      url: testDb.url,
      schema,
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    const config = loadWebConfig({
      INTERNAL_API_TOKEN: TEST_TOKEN,
      EVENT_CHANNEL_PREFIX: prefix,
      WEB_CONSUMER_NAME: name,
    });
    const kv = createMemoryKv();
    const bus = createRedisBus({ url: testRedisUrl() });
    const infra = {
      db: database.db as Db,
      dbKind: database.kind,
      pingDb: database.ping,
      bus,
      kv,
      queue: createMemoryQueue({ kv }),
      blobs: createMemoryBlobStore(),
      logger: createSilentLogger(),
      close: async () => undefined,
    };
    const container = createWebContainer(config, infra, {
      sessionSecret: "multi-web-session-secret-0123456789-0123",
      snapshotLinkSecret: "multi-web-snapshot-link-secret-0123456789",
    });
    const web = {
      container,
      db: infra.db,
      async close() {
        await container.close();
        await bus.close();
        await database.close();
      },
    };
    running.push(web);
    return web;
  }

  const publish = (kind: string, scanId: string, data: unknown) =>
    appendEvent(worker, prefix, {
      v: 1,
      kind,
      scan_id: scanId,
      seq: Date.now() * 1000 + Math.floor(Math.random() * 1000),
      ts: new Date().toISOString(),
      data,
    });

  beforeAll(async () => {
    pg.assertAvailable();
    redis.assertAvailable();
    testDb = await createTestDatabase(testDatabaseUrl());
    worker = createRedisBus({ url: testRedisUrl() });
  });
  afterAll(async () => {
    for (const web of running) await web.close().catch(() => undefined);
    await worker?.close();
    await testDb?.drop();
    await deleteRedisKeys(testRedisUrl(), prefix).catch(() => undefined);
  });

  it("pushes a scan's progress to browsers connected to any web process", async () => {
    const a = await webProcess("web-a:3000");
    const b = await webProcess("web-b:3000");
    await Promise.all([a.container.consumer.start(), b.container.consumer.start()]);
    const user = await insertUser(a.db);
    const scan = await insertScan(a.db, user.id, { status: "queued" });
    const onA: ScanStreamMessage[] = [];
    const onB: ScanStreamMessage[] = [];
    a.container.hub.subscribe(scan.id, (m) => onA.push(m));
    b.container.hub.subscribe(scan.id, (m) => onB.push(m));
    await publish("scan_update", scan.id, {
      status: "running",
      stage_states: {
        generate: { status: "running", done: 1, total: 9, started_at: null, finished_at: null },
      },
    });
    // One of the two applied it; the browsers on both hear it.
    await waitFor(() => onA.length === 1 && onB.length === 1, "push on both processes", 10_000);
    expect(onA[0]).toMatchObject({ type: "phase_update", scan_id: scan.id, data: { status: "running" } });
    expect(onB[0]).toEqual(onA[0]);
    await Promise.all([a.container.consumer.stop(), b.container.consumer.stop()]);
  });

  it("a web process that starts applies what the worker reported while none ran, before it serves", async () => {
    const before = await webProcess("web-c:3000");
    await before.container.consumer.start();
    const user = await insertUser(before.db);
    const scan = await insertScan(before.db, user.id, { status: "queued" });
    await before.container.consumer.stop(); // every web process is down
    await publish("scan_update", scan.id, {
      status: "running",
      stage_states: {
        generate: { status: "completed", done: 3, total: 3, started_at: null, finished_at: null },
      },
    });
    await publish("findings_initial", scan.id, {
      original_domain: "acmebank.com",
      findings: [{ domain: "acmebank-login.com", fuzzer: "combosquatting", resolve_status: "registered" }],
    });
    const after = await webProcess("web-c:3000");
    await after.container.consumer.start();
    // No waiting: start resolved only once the backlog was applied.
    const row = (await after.db.select().from(scans).where(eq(scans.id, scan.id)))[0]!;
    expect(row.status).toBe("running");
    expect(row.stage_states.generate).toMatchObject({ status: "completed", done: 3 });
    const findings = await after.db.select().from(domainFindings).where(eq(domainFindings.scan_id, scan.id));
    expect(findings.map((f) => f.domain)).toEqual(["acmebank-login.com"]);
    await after.container.consumer.stop();
  });
});
