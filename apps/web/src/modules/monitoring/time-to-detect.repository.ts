import { sql } from "drizzle-orm";
import type { TSourceTimeToDetect } from "@brandwarden/contract/time-to-detect";
import type { Db } from "../../db/client.ts";

/** Rows of `db.execute`: an array on one driver, `{rows}` on the other. */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

/**
 * When monitoring began for a user: the earliest of the first scan, watch round and owned domain;
 * else (a discovery before any of them) the first tracked lookalike.
 */
const monitoringStartOf = (userId: string) => sql`coalesce(
  least(
    (select min(created_at) from scans where user_id = ${userId}),
    (select min(started_at) from watch_rounds where user_id = ${userId}),
    (select min(created_at) from owned_domains where user_id = ${userId})
  ),
  (select min(first_seen_at) from tracked_lookalikes where user_id = ${userId})
)`;

/** Time-to-detect figures of a user's tracked domain lookalikes (the rule of `detectionOf`, in SQL). */
export function createTimeToDetectRepository(db: Db) {
  return {
    async monitoringStart(userId: string): Promise<Date | null> {
      const [row] = rowsOf<{ ms: number | string | null }>(
        await db.execute(sql`select (extract(epoch from ${monitoringStartOf(userId)}) * 1000)::float8 as ms`),
      );
      return row?.ms === null || row?.ms === undefined ? null : new Date(Number(row.ms));
    },
    /** Per first-seen source: measured count and median (ms), pre-existing and unknown counts. */
    async bySource(userId: string): Promise<TSourceTimeToDetect[]> {
      const rows = rowsOf<{
        source: string;
        detected: number | string;
        median_ms: number | string | null;
        pre_existing: number | string;
        unknown: number | string;
      }>(
        await db.execute(sql`
          with start as (select ${monitoringStartOf(userId)} as at),
          tracked as (
            select t.discovered_by as source, t.registered_at,
              t.registered_at is not null and t.registered_at < start.at as pre_existing,
              extract(epoch from greatest(t.first_seen_at - t.registered_at, interval '0')) * 1000 as ms
            from tracked_lookalikes t, start
            where t.user_id = ${userId} and t.kind = 'domain'
          )
          select source,
            (count(*) filter (where registered_at is not null and not pre_existing))::int as detected,
            (percentile_cont(0.5) within group (order by ms)
              filter (where registered_at is not null and not pre_existing))::float8 as median_ms,
            (count(*) filter (where pre_existing))::int as pre_existing,
            (count(*) filter (where registered_at is null))::int as unknown
          from tracked
          group by source
          order by source`),
      );
      return rows.map((r) => ({
        source: r.source,
        detected: Number(r.detected),
        median_ms: r.median_ms === null ? null : Number(r.median_ms),
        pre_existing: Number(r.pre_existing),
        unknown: Number(r.unknown),
      }));
    },
  };
}

export type TimeToDetectRepository = ReturnType<typeof createTimeToDetectRepository>;
