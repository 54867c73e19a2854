import path from "node:path";
import { createDiskBlobStore } from "@brandwarden/platform/blob/disk-blob-store";
import type { Bus } from "@brandwarden/platform/bus/bus";
import { createDatabase } from "@brandwarden/platform/database/database";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import { createLogger, type Logger } from "@brandwarden/platform/logger/logger";
import { createSharedAdapters } from "@brandwarden/platform/messaging/shared-adapters";
import { createQueue } from "@brandwarden/platform/queue/create-queue";
import { withTimeout } from "@brandwarden/platform/util/with-timeout";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { WebConfig } from "./config.ts";
import { MIGRATIONS_FOLDER, schema, type Db } from "./db/client.ts";

/** The adapters a web process runs on: `createWebAdapters` builds real ones, tests may pass others. */
export interface WebAdapters {
  db: Db;
  dbKind: "pglite" | "postgres";
  pingDb: () => Promise<void>;
  bus: Bus;
  kv: KeyValueStore;
  queue: JobQueue;
  blobs: BlobStore;
  logger: Logger;
  /** Checks Redis when the deployment uses it; undefined in embedded mode. */
  pingRedis?: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Real adapters chosen by configuration: PostgreSQL or PGlite under DATA_DIR; Redis streams,
 * pub/sub, keys and BullMQ, or their in-process versions. In embedded mode the worker in the same process
 * passes its bus and key-value store so both sides share them.
 */
export async function createWebAdapters(
  config: WebConfig,
  shared: { bus?: Bus; kv?: KeyValueStore; logger?: Logger } = {},
): Promise<WebAdapters> {
  const logger = shared.logger ?? createLogger({ ...config.log, name: "web" });
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite"),
    schema,
    migrationsFolder: MIGRATIONS_FOLDER,
    connectTimeoutMs: config.database.connectTimeoutMs,
    statementTimeoutMs: config.database.statementTimeoutMs,
  });
  const {
    bus,
    kv,
    pingRedis,
    close: closeShared,
  } = createSharedAdapters({
    redisUrl: config.redisUrl,
    prefix: config.eventChannelPrefix,
    logger,
    commandTimeoutMs: config.redisCommandTimeoutMs,
    shared,
  });
  const queue = createQueue({
    redisUrl: config.redisUrl,
    prefix: `${config.eventChannelPrefix}-web`,
    logger,
    kv,
    commandTimeoutMs: config.redisCommandTimeoutMs,
  });
  return {
    db: database.db as Db,
    dbKind: database.kind,
    pingDb: () => withTimeout(database.ping(), 2000),
    bus,
    kv,
    queue,
    blobs: createDiskBlobStore({ root: path.join(config.dataDir, "blobs") }),
    logger,
    pingRedis,
    async close() {
      await queue.close();
      await closeShared();
      await database.close();
    },
  };
}
