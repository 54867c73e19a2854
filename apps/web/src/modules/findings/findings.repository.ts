import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { domainFindings, socialFindings } from "../../db/schema.ts";

const DATE_FIELDS = new Set([
  "registration_created",
  "registration_updated",
  "registration_expires",
  "tls_not_before",
  "tls_not_after",
  "account_created",
]);
/** Identity and bookkeeping columns no event may overwrite. */
const PROTECTED = new Set([
  "id",
  "scan_id",
  "user_id",
  "created_at",
  "updated_at",
  "label",
  "label_reason",
  "labeled_at",
]);

type Row = Record<string, unknown>;

/** Keeps the fields that are columns of `table`, converting ISO dates; unknown keys are dropped. */
function toColumns(table: PgTable, item: Row): Row {
  const columns = getTableColumns(table);
  const out: Row = {};
  for (const [key, value] of Object.entries(item)) {
    if (value === undefined || PROTECTED.has(key) || !(key in columns)) continue;
    out[key] = DATE_FIELDS.has(key) && typeof value === "string" ? new Date(value) : value;
  }
  return out;
}

/**
 * Upserts rows keyed by `conflict` columns, updating only the fields each row carries. Rows are
 * batched by the set of fields they carry, so a partial delta never nulls a field it omits.
 */
async function upsert(db: Db, table: PgTable, conflict: PgColumn[], rows: Row[]): Promise<number> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(",");
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const columns = getTableColumns(table);
  const conflictNames = new Set(conflict.map((c) => c.name));
  for (const group of groups.values()) {
    const fields = Object.keys(group[0]!).filter((k) => !conflictNames.has(k) && k !== "user_id");
    const set: Row = { updated_at: sql`now()` };
    for (const f of fields) set[f] = sql.raw(`excluded."${columns[f]!.name}"`);
    for (let i = 0; i < group.length; i += 500) {
      await db
        .insert(table)
        .values(group.slice(i, i + 500) as never)
        .onConflictDoUpdate({ target: conflict, set });
    }
  }
  return rows.length;
}

export function createFindingsRepository(db: Db) {
  return {
    upsertDomainFindings(scanId: string, userId: string, items: Row[], extra: Row = {}) {
      const rows = items.map((item) => ({
        ...toColumns(domainFindings, { ...item, ...extra }),
        scan_id: scanId,
        user_id: userId,
      }));
      return upsert(db, domainFindings, [domainFindings.scan_id, domainFindings.domain], rows);
    },
    upsertSocialFindings(scanId: string, userId: string, items: Row[]) {
      const rows = items.map((item) => ({
        ...toColumns(socialFindings, item),
        scan_id: scanId,
        user_id: userId,
      }));
      return upsert(
        db,
        socialFindings,
        [socialFindings.scan_id, socialFindings.platform, socialFindings.handle],
        rows,
      );
    },
  };
}

export type FindingsRepository = ReturnType<typeof createFindingsRepository>;
