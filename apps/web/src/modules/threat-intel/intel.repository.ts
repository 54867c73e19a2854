import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  domainFindings,
  intelObjects,
  scans,
  socialFindings,
  takedownCases,
  trackedLookalikes,
  users,
} from "../../db/schema.ts";

export type IntelObjectRow = typeof intelObjects.$inferSelect;

/** What a TAXII objects/manifest read asks for (already validated). */
export interface IntelObjectsQuery {
  addedAfter?: Date;
  types?: string[];
  ids?: string[];
  /** `last`, `first`, `all` or specific versions (STIX timestamps). */
  versions: Array<"last" | "first" | "all" | Date>;
  /** Keyset cursor: the last row of the previous page. */
  after?: { dateAdded: Date; objectId: string; modified: Date };
  limit: number;
}

/** The source rows of a user's feed, and every stored version of its STIX objects. */
export function createIntelRepository(db: Db) {
  const o = intelObjects;
  return {
    async user(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          brand_name: users.brand_name,
          email: users.email,
          intel_min_severity: users.intel_min_severity,
          intel_tlp: users.intel_tlp,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
    /** The user's newest completed scan: its findings are their current lookalikes. */
    async newestCompletedScan(userId: string) {
      const [row] = await db
        .select()
        .from(scans)
        .where(and(eq(scans.user_id, userId), eq(scans.status, "completed")))
        .orderBy(desc(scans.created_at))
        .limit(1);
      return row ?? null;
    },
    domainFindings: (scanId: string) =>
      db
        .select()
        .from(domainFindings)
        .where(eq(domainFindings.scan_id, scanId))
        .orderBy(asc(domainFindings.domain)),
    socialFindings: (scanId: string) =>
      db
        .select()
        .from(socialFindings)
        .where(eq(socialFindings.scan_id, scanId))
        .orderBy(asc(socialFindings.platform), asc(socialFindings.handle)),
    tracked: (userId: string) =>
      db
        .select({
          id: trackedLookalikes.id,
          kind: trackedLookalikes.kind,
          name: trackedLookalikes.name,
          state: trackedLookalikes.state,
          first_seen_at: trackedLookalikes.first_seen_at,
        })
        .from(trackedLookalikes)
        .where(eq(trackedLookalikes.user_id, userId)),
    /** Targets (`domain` or `platform:handle`) whose newest takedown case ended `down`. */
    async takenDown(userId: string): Promise<Set<string>> {
      const rows = await db
        .selectDistinctOn([takedownCases.kind, takedownCases.target], {
          target: takedownCases.target,
          state: takedownCases.state,
        })
        .from(takedownCases)
        .where(eq(takedownCases.user_id, userId))
        .orderBy(takedownCases.kind, takedownCases.target, desc(takedownCases.opened_at));
      return new Set(rows.filter((r) => r.state === "down").map((r) => r.target));
    },

    // ---- versions ----
    /** Serializes syncs of one user's collection until the transaction ends. */
    lock: (tx: DbOrTx, userId: string, collection: string) =>
      tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`intel:${userId}:${collection}`}))`),
    /** The newest stored version of each object of the collection. */
    async latest(tx: DbOrTx, userId: string, collection: string): Promise<IntelObjectRow[]> {
      const rows = await tx
        .select()
        .from(o)
        .where(and(eq(o.user_id, userId), eq(o.collection, collection)))
        .orderBy(o.object_id, desc(o.modified));
      return rows.filter((r, i) => i === 0 || rows[i - 1]!.object_id !== r.object_id);
    },
    async insert(tx: DbOrTx, rows: Array<typeof intelObjects.$inferInsert>): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(o).values(rows.slice(i, i + 500));
    },
    /** Stored versions matching a TAXII filter, in date_added order; `limit + 1` rows tell if there are more. */
    async find(userId: string, collection: string, q: IntelObjectsQuery): Promise<IntelObjectRow[]> {
      if (!q.versions.length) return [];
      const versionConds: SQL[] = q.versions.map((v) =>
        v === "last"
          ? sql`rn_last = 1`
          : v === "first"
            ? sql`rn_first = 1`
            : v === "all"
              ? sql`true`
              : sql`modified = ${v.toISOString()}::timestamptz`,
      );
      const conds: SQL[] = [sql`(${sql.join(versionConds, sql` or `)})`];
      if (q.addedAfter) conds.push(sql`date_added > ${q.addedAfter.toISOString()}::timestamptz`);
      if (q.types?.length)
        conds.push(
          sql`type in (${sql.join(
            q.types.map((t) => sql`${t}`),
            sql`, `,
          )})`,
        );
      if (q.ids?.length)
        conds.push(
          sql`object_id in (${sql.join(
            q.ids.map((t) => sql`${t}`),
            sql`, `,
          )})`,
        );
      if (q.after)
        conds.push(
          sql`(date_added, object_id, modified) > (${q.after.dateAdded.toISOString()}::timestamptz, ${q.after.objectId}, ${q.after.modified.toISOString()}::timestamptz)`,
        );
      const result = await db.execute(sql`
        select user_id, collection, object_id, modified, date_added, type, content_hash, object from (
          select *,
            row_number() over (partition by object_id order by modified desc) as rn_last,
            row_number() over (partition by object_id order by modified asc) as rn_first
          from intel_objects where user_id = ${userId} and collection = ${collection}
        ) v
        where ${sql.join(conds, sql` and `)}
        order by date_added, object_id, modified
        limit ${q.limit + 1}`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
        Record<string, unknown>
      >;
      return rows.map((r) => ({
        user_id: String(r.user_id),
        collection: String(r.collection),
        object_id: String(r.object_id),
        modified: new Date(r.modified as string),
        date_added: new Date(r.date_added as string),
        type: String(r.type),
        content_hash: String(r.content_hash),
        object: (typeof r.object === "string" ? JSON.parse(r.object) : r.object) as Record<string, unknown>,
      }));
    },
    /** Every version of one object, oldest first. */
    versions: (userId: string, collection: string, objectId: string): Promise<IntelObjectRow[]> =>
      db
        .select()
        .from(o)
        .where(and(eq(o.user_id, userId), eq(o.collection, collection), eq(o.object_id, objectId)))
        .orderBy(asc(o.modified)),
    /** Every stored version of these objects, oldest first (the export reuses their times). */
    versionsOf: (userId: string, collection: string, ids: string[]): Promise<IntelObjectRow[]> =>
      ids.length
        ? db
            .select()
            .from(o)
            .where(and(eq(o.user_id, userId), eq(o.collection, collection), inArray(o.object_id, ids)))
            .orderBy(asc(o.modified))
        : Promise.resolve([]),
  };
}

export type IntelRepository = ReturnType<typeof createIntelRepository>;
