import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createRedisBus } from "@brandwarden/platform/bus/redis-bus";
import { deadLetterStream } from "@brandwarden/platform/bus/bus";
import { createDatabase } from "@brandwarden/platform/database/database";
import { eventStreams } from "@brandwarden/platform/messaging/event-streams";
import { createTestDatabase, type TestDatabase } from "@brandwarden/platform/testing/postgres-test-db";
import { deleteRedisKeys } from "@brandwarden/platform/testing/redis-cleanup";
import {
  requirePostgres,
  requireRedis,
  testDatabaseUrl,
  testRedisUrl,
} from "@brandwarden/platform/testing/services";
import { uniqueId } from "@brandwarden/platform/testing/wait-for";
import { MIGRATIONS_FOLDER, schema } from "@brandwarden/web/db/client";
import { domainFindings, scans, users } from "@brandwarden/web/db/schema";
import { runCli } from "./process.ts";

const postgres = await requirePostgres();
const redis = await requireRedis();

// An event dead-lettered as poison (its handler failed every delivery), replayed once the cause is fixed.
describe("brandwarden events replay", () => {
  let testDb: TestDatabase;
  const prefix = uniqueId("bwreplay");
  let env: Record<string, string>;

  beforeAll(async () => {
    postgres.assertAvailable();
    redis.assertAvailable();
    testDb = await createTestDatabase(testDatabaseUrl());
    env = {
      DATABASE_URL: testDb.url,
      REDIS_URL: testRedisUrl(),
      EVENT_CHANNEL_PREFIX: prefix,
      INTERNAL_API_TOKEN: "test-internal-token-0123456789",
      SESSION_SECRET: "test-session-secret-0123456789-0123456789",
      LOG_LEVEL: "silent",
    };
  });
  afterAll(async () => {
    await deleteRedisKeys(testRedisUrl(), `${prefix}:`);
    await testDb?.drop();
  });

  it("lists with --dry-run, applies each letter once, prints the count and removes what it applied", async () => {
    const database = await createDatabase({ url: testDb.url, schema, migrationsFolder: MIGRATIONS_FOLDER });
    const bus = createRedisBus({ url: testRedisUrl() });
    try {
      const [user] = await database.db
        .insert(users)
        .values({ email: `u-${randomUUID()}@example.test`, password_hash: "x", brand_name: "Acme" })
        .returning();
      const [scan] = await database.db
        .insert(scans)
        .values({ user_id: user!.id, status: "running" })
        .returning();
      const event = {
        v: 1,
        kind: "findings_initial",
        scan_id: scan!.id,
        seq: 1,
        ts: new Date().toISOString(),
        data: { original_domain: "acme.com", findings: [{ domain: "acme-login.com", original_domain: "acme.com", fuzzer: "addition", resolve_status: "registered", score: 40, severity: "medium" }] }, // prettier-ignore
      };
      // As the consumer leaves a poison entry (consumer-loop's deadLetter).
      const partition = eventStreams(prefix)[3]!;
      await bus.append(deadLetterStream(partition), {
        stream: partition,
        group: "web",
        id: "1-0",
        text: JSON.stringify(event),
        error: "invalid input syntax",
        attempts: 10,
        at: new Date().toISOString(),
      });
      const findings = () =>
        database.db.select().from(domainFindings).where(eq(domainFindings.scan_id, scan!.id));

      const dry = await runCli(["events", "replay", "--dry-run"], env);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain("findings_initial");
      expect(dry.stdout).toContain("1 dead-lettered event (dry run: nothing replayed)");
      expect(await findings()).toHaveLength(0);

      const run = await runCli(["events", "replay"], env);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe("replayed 1 dead-lettered event");
      expect((await findings()).map((f) => f.domain)).toEqual(["acme-login.com"]);
      expect(await bus.streamLength(deadLetterStream(partition))).toBe(0);

      const again = await runCli(["events", "replay"], env);
      expect(again.stdout.trim()).toBe("replayed 0 dead-lettered events");
      expect(await findings()).toHaveLength(1);
    } finally {
      await bus.close();
      await database.close();
    }
  }, 300_000); // four CLI runs from source, each a fresh process

  it("says where dead letters live when there is no Redis", async () => {
    const run = await runCli(["events", "replay"], { ...env, REDIS_URL: "" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("REDIS_URL");
  }, 120_000);
});
