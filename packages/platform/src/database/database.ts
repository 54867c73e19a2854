import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

export interface CreateDatabaseOptions<TSchema extends Record<string, unknown>> {
  /** postgres:// URL: PostgreSQL through node-postgres. Unset: embedded PGlite. */
  url?: string;
  /** PGlite data directory; unset means an in-memory database (tests). Ignored with `url`. */
  dataDir?: string;
  schema: TSchema;
  /** drizzle-kit output folder (SQL files + meta/_journal.json), applied at start. */
  migrationsFolder: string;
  /** PostgreSQL: longest wait for a new connection. Default 10 s. */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: longest run of one statement (the server's `statement_timeout`; the client gives
   * up a little later, `query_timeout`, in case the server is gone). 0: no limit. Default 60 s.
   * Migrations at start are not limited.
   */
  statementTimeoutMs?: number;
}

/** Both drivers' databases, seen through drizzle's common type, so repositories work on either. */
type Database<TSchema extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, TSchema>;

export interface DatabaseHandle<TSchema extends Record<string, unknown>> {
  db: Database<TSchema>;
  kind: "pglite" | "postgres";
  /** Round trip to the database (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Arbitrary constant: serialises migrations when several processes start against one server.
const MIGRATION_LOCK_ID = 7_262_010_431;

export async function createDatabase<TSchema extends Record<string, unknown>>(
  opts: CreateDatabaseOptions<TSchema>,
): Promise<DatabaseHandle<TSchema>> {
  return opts.url ? openPostgres(opts.url, opts) : openPglite(opts);
}

async function openPostgres<TSchema extends Record<string, unknown>>(
  url: string,
  opts: CreateDatabaseOptions<TSchema>,
): Promise<DatabaseHandle<TSchema>> {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error("database url must start with postgres:// or postgresql://");
  const connectionTimeoutMillis = opts.connectTimeoutMs ?? 10_000;
  const statementMs = opts.statementTimeoutMs ?? 60_000;
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis,
    // A dead server is noticed on idle connections too, not only at the next query.
    keepAlive: true,
    ...(statementMs > 0 ? { statement_timeout: statementMs, query_timeout: statementMs + 5000 } : {}),
  });
  // A client losing its connection must not crash the process. The pool's own listener covers idle
  // clients only: a checked-out one (a transaction) whose socket dies emits 'error' with no
  // listener, an uncaught exception. Its queries fail with the error; the pool drops it on release.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => void client.on("error", () => undefined));
  const db = drizzleNodePg({ client: pool, schema: opts.schema });
  // Migrations on a connection of their own, without the statement limit (a big table may take long).
  const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis });
  lock.on("error", () => undefined); // its queries fail with the error; the start fails with them
  try {
    await lock.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migrateNodePg(drizzleNodePg({ client: lock }), { migrationsFolder: opts.migrationsFolder });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
      await lock.end().catch(() => undefined);
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  return handle(db, "postgres", () => pool.end());
}

async function openPglite<TSchema extends Record<string, unknown>>(
  opts: CreateDatabaseOptions<TSchema>,
): Promise<DatabaseHandle<TSchema>> {
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const client = new PGlite(opts.dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema: opts.schema });
  try {
    await migratePglite(db, { migrationsFolder: opts.migrationsFolder });
  } catch (err) {
    await client.close();
    throw err;
  }
  return handle(db, "pglite", () => client.close());
}

function handle<TSchema extends Record<string, unknown>>(
  db: Database<TSchema>,
  kind: "pglite" | "postgres",
  closeClient: () => Promise<void>,
): DatabaseHandle<TSchema> {
  let closing: Promise<void> | null = null;
  return {
    db,
    kind,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // Idempotent: shutdown paths often close twice.
    close: () => (closing ??= closeClient()),
  };
}
