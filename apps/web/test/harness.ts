import type { FastifyInstance } from "fastify";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createMemoryQueue } from "@brandwarden/platform/queue/memory-queue";
import { createMemoryBlobStore } from "@brandwarden/platform/blob/memory-blob-store";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import { createDatabase } from "@brandwarden/platform/database/database";
import { createTestDatabase } from "@brandwarden/platform/testing/postgres-test-db";
import { createSilentLogger, type Logger } from "@brandwarden/platform/logger/logger";
import { requirePostgres, testDatabaseUrl } from "@brandwarden/platform/testing/services";
import type { ServiceStatus } from "@brandwarden/platform/testing/require-service";
import { buildWebApp } from "../src/app.ts";
import { loadWebConfig } from "../src/config.ts";
import { createWebContainer, type WebContainer } from "../src/container.ts";
import { MIGRATIONS_FOLDER, schema, type Db } from "../src/db/client.ts";
import { createReportsRepository } from "../src/modules/reports/reports.repository.ts";
import { createScansRepository } from "../src/modules/scans/scans.repository.ts";
import { createUsersRepository } from "../src/modules/users/users.repository.ts";

export const TEST_TOKEN = "test-internal-token-0123456789";
export const TEST_SNAPSHOT_LINK_SECRET = "test-snapshot-link-secret-0123456789-0123";

export type DbVariant = "pglite" | "postgres";

/** The database variants every web integration suite runs on: embedded always, PostgreSQL when it answers. */
export async function dbVariants(): Promise<Array<{ variant: DbVariant; status: ServiceStatus | null }>> {
  return [
    { variant: "pglite", status: null },
    { variant: "postgres", status: await requirePostgres() },
  ];
}

export interface TestWeb {
  app: FastifyInstance;
  db: Db;
  container: WebContainer;
  close(): Promise<void>;
}

/** A web app on a fresh database (in-memory PGlite, or a new PostgreSQL database) with in-memory bus/kv/queue/blobs. */
export async function startTestWeb(
  variant: DbVariant,
  env: Record<string, string> = {},
  /** `dbUrl`: how the app reaches its PostgreSQL database (e.g. through a relay a test cuts). */
  opts: { consume?: boolean; dbUrl?: (url: string) => string; logger?: Logger; blobs?: BlobStore } = {},
): Promise<TestWeb> {
  const testDb = variant === "postgres" ? await createTestDatabase(testDatabaseUrl()) : null;
  const url = testDb && opts.dbUrl ? opts.dbUrl(testDb.url) : testDb?.url;
  const database = await createDatabase({ url, schema, migrationsFolder: MIGRATIONS_FOLDER });
  const config = loadWebConfig({
    INTERNAL_API_TOKEN: TEST_TOKEN,
    PUBLIC_URL: "https://brandwarden.test",
    ...env,
  });
  const logger = opts.logger ?? createSilentLogger();
  const kv = createMemoryKv();
  const infra = {
    db: database.db as Db,
    dbKind: database.kind,
    pingDb: database.ping,
    bus: createMemoryBus(),
    kv,
    queue: createMemoryQueue({ kv }),
    blobs: opts.blobs ?? createMemoryBlobStore(),
    logger,
    close: async () => undefined,
  };
  const container = createWebContainer(config, infra, {
    sessionSecret: "test-session-secret-0123456789-0123456789",
    snapshotLinkSecret: TEST_SNAPSHOT_LINK_SECRET,
  });
  const app = await buildWebApp(container);
  await app.ready();
  if (opts.consume) {
    await container.consumer.start();
    await infra.queue.start();
  }
  return {
    app,
    db: infra.db,
    container,
    async close() {
      await app.close();
      await container.close();
      await infra.queue.close();
      await infra.bus.close();
      await database.close();
      await testDb?.drop();
    },
  };
}

export const auth = { authorization: `Bearer ${TEST_TOKEN}` };

/** The stores a webhook delivery reads (the scan, its owner, findings, campaigns, snapshots) in a test web app. */
export function webhookStores(t: TestWeb) {
  return {
    reports: createReportsRepository(t.db),
    campaigns: t.container.deps.campaigns,
    users: createUsersRepository(t.db),
    scans: createScansRepository(t.db),
    blobs: t.container.infra.blobs,
  };
}
