import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

type AnyDb = Pick<PgDatabase<PgQueryResultHKT, Record<string, unknown>>, "execute">;

/**
 * Raw SQL returning rows, on either driver. `db.execute` yields a driver-specific result
 * (node-postgres QueryResult, PGlite Results); both carry `rows`, which is all callers need.
 */
export async function executeRows<T extends Record<string, unknown>>(db: AnyDb, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
