import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { TLifecycleState } from "@brandwarden/contract/monitoring";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  lookalikeObservations,
  ownedDomains,
  scans,
  trackedLookalikes,
  watchPins,
  watchRounds,
} from "../../db/schema.ts";
import type { PinRow, TrackedRow, WatchRoundRow } from "../../db/rows.ts";

export type TrackedInsert = typeof trackedLookalikes.$inferInsert;
export type ObservationInsert = typeof lookalikeObservations.$inferInsert;

export const LOOKALIKES_PAGE_SIZE = 25;
const BATCH = 500;

/** Columns an upsert of a tracked lookalike rewrites (identity and creation stay). */
const UPDATABLE = [
  "state",
  "platform",
  "handle",
  "first_seen_at",
  "registered_at",
  "cert_first_seen_at",
  "last_seen_at",
  "last_checked_at",
  "state_changed_at",
  "last_scan_id",
  "last_finding_id",
  "evidence",
  "score",
  "severity",
  "takedown_requested_at",
  "down_at",
  "reemerged_at",
] as const;

/** Tracked lookalikes, their timelines, pinned names and watch rounds. */
export function createTrackingRepository(db: Db) {
  const t = trackedLookalikes;
  return {
    async byNames(
      userId: string,
      kind: "domain" | "social",
      names: string[],
      tx: DbOrTx = db,
    ): Promise<Map<string, TrackedRow>> {
      const out = new Map<string, TrackedRow>();
      for (let i = 0; i < names.length; i += BATCH) {
        const rows = await tx
          .select()
          .from(t)
          .where(and(eq(t.user_id, userId), eq(t.kind, kind), inArray(t.name, names.slice(i, i + BATCH))));
        for (const r of rows) out.set(r.name, r);
      }
      return out;
    },
    async byId(userId: string, id: string): Promise<TrackedRow | null> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.user_id, userId), eq(t.id, id)));
      return row ?? null;
    },
    /** Inserts or rewrites tracked lookalikes (keyed by user, kind and name); returns them with their ids. */
    async upsert(rows: TrackedInsert[], tx: DbOrTx = db): Promise<TrackedRow[]> {
      const out: TrackedRow[] = [];
      const set = Object.fromEntries(UPDATABLE.map((c) => [c, sql.raw(`excluded."${c}"`)]));
      for (let i = 0; i < rows.length; i += BATCH) {
        out.push(
          ...(await tx
            .insert(t)
            .values(rows.slice(i, i + BATCH))
            .onConflictDoUpdate({
              target: [t.user_id, t.kind, t.name],
              set: { ...set, updated_at: sql`now()` },
            })
            .returning()),
        );
      }
      return out;
    },
    async touchChecked(userId: string, kind: "domain" | "social", names: string[], tx: DbOrTx = db) {
      for (let i = 0; i < names.length; i += BATCH)
        await tx
          .update(t)
          .set({ last_checked_at: sql`now()` })
          .where(and(eq(t.user_id, userId), eq(t.kind, kind), inArray(t.name, names.slice(i, i + BATCH))));
    },
    async addObservations(rows: ObservationInsert[], tx: DbOrTx = db): Promise<void> {
      for (let i = 0; i < rows.length; i += BATCH)
        await tx.insert(lookalikeObservations).values(rows.slice(i, i + BATCH));
    },
    timeline(trackedId: string, limit = 200) {
      return db
        .select()
        .from(lookalikeObservations)
        .where(eq(lookalikeObservations.tracked_id, trackedId))
        .orderBy(desc(lookalikeObservations.at), desc(lookalikeObservations.id))
        .limit(limit);
    },
    async page(
      userId: string,
      q: { page: number; state?: TLifecycleState; kind?: "domain" | "social"; q?: string },
    ) {
      const conditions: SQL[] = [eq(t.user_id, userId)];
      if (q.state) conditions.push(eq(t.state, q.state));
      if (q.kind) conditions.push(eq(t.kind, q.kind));
      if (q.q) conditions.push(sql`${t.name} ilike ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      const where = and(...conditions);
      const [rows, [total], byState] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(desc(t.state_changed_at), asc(t.name))
          .limit(LOOKALIKES_PAGE_SIZE)
          .offset((q.page - 1) * LOOKALIKES_PAGE_SIZE),
        db.select({ n: count() }).from(t).where(where),
        db.select({ state: t.state, n: count() }).from(t).where(eq(t.user_id, userId)).groupBy(t.state),
      ]);
      return { rows, total: total?.n ?? 0, byState };
    },
    /** Domain lookalikes the watch looks at for a user: registered ones and taken-down ones. */
    forWatch(userId: string, limit = 10_000) {
      return db
        .select()
        .from(t)
        .where(and(eq(t.user_id, userId), eq(t.kind, "domain")))
        .orderBy(desc(t.score))
        .limit(limit);
    },

    // ---- pins ----
    pins(userId: string) {
      return db.select().from(watchPins).where(eq(watchPins.user_id, userId)).orderBy(asc(watchPins.domain));
    },
    async pinnedNames(userId: string, names: string[]): Promise<Set<string>> {
      if (!names.length) return new Set();
      const rows = await db
        .select({ domain: watchPins.domain })
        .from(watchPins)
        .where(and(eq(watchPins.user_id, userId), inArray(watchPins.domain, names)));
      return new Set(rows.map((r) => r.domain));
    },
    /** The user's pins other than `domain`. */
    async otherPinCount(userId: string, domain: string, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(watchPins)
        .where(and(eq(watchPins.user_id, userId), ne(watchPins.domain, domain)));
      return row?.n ?? 0;
    },
    async addPin(userId: string, domain: string, note: string | null, tx: DbOrTx = db): Promise<PinRow> {
      const [row] = await tx
        .insert(watchPins)
        .values({ user_id: userId, domain, note })
        .onConflictDoUpdate({ target: [watchPins.user_id, watchPins.domain], set: { note } })
        .returning();
      return row!;
    },
    async removePin(userId: string, domain: string): Promise<boolean> {
      const rows = await db
        .delete(watchPins)
        .where(and(eq(watchPins.user_id, userId), eq(watchPins.domain, domain)))
        .returning({ id: watchPins.id });
      return rows.length > 0;
    },

    // ---- watch rounds ----
    /** Users the watch covers: everyone with an owned domain. */
    async watchedUserIds(): Promise<string[]> {
      const rows = await db.selectDistinct({ user_id: ownedDomains.user_id }).from(ownedDomains);
      return rows.map((r) => r.user_id);
    },
    async runningRound(userId: string): Promise<WatchRoundRow | null> {
      const [row] = await db
        .select()
        .from(watchRounds)
        .where(and(eq(watchRounds.user_id, userId), eq(watchRounds.status, "running")))
        .orderBy(desc(watchRounds.started_at))
        .limit(1);
      return row ?? null;
    },
    async lastRound(userId: string): Promise<WatchRoundRow | null> {
      const [row] = await db
        .select()
        .from(watchRounds)
        .where(eq(watchRounds.user_id, userId))
        .orderBy(desc(watchRounds.started_at))
        .limit(1);
      return row ?? null;
    },
    /** The user's newest completed round (started before `before`, when given): where the cycle stands. */
    async lastCompletedRound(userId: string, before?: Date): Promise<WatchRoundRow | null> {
      const [row] = await db
        .select()
        .from(watchRounds)
        .where(
          and(
            eq(watchRounds.user_id, userId),
            eq(watchRounds.status, "completed"),
            before ? sql`${watchRounds.started_at} < ${before.toISOString()}` : undefined,
          ),
        )
        .orderBy(desc(watchRounds.started_at))
        .limit(1);
      return row ?? null;
    },
    async startRound(userId: string): Promise<WatchRoundRow> {
      const [row] = await db.insert(watchRounds).values({ user_id: userId }).returning();
      return row!;
    },
    async finishRound(
      id: string,
      patch: { status: "completed" | "failed"; error?: string | null; stats?: Record<string, number> },
    ): Promise<void> {
      await db
        .update(watchRounds)
        .set({ ...patch, finished_at: sql`now()` })
        .where(and(eq(watchRounds.id, id), eq(watchRounds.status, "running")));
    },
    /**
     * Whether the user's registered lookalikes were known before `before`: a completed scan, or a
     * watch round completed earlier. Until then a watch round only records what it finds.
     */
    async hasBaseline(userId: string, before: Date): Promise<boolean> {
      const [scan] = await db
        .select({ id: scans.id })
        .from(scans)
        .where(and(eq(scans.user_id, userId), eq(scans.status, "completed")))
        .limit(1);
      if (scan) return true;
      const [round] = await db
        .select({ id: watchRounds.id })
        .from(watchRounds)
        .where(
          and(
            eq(watchRounds.user_id, userId),
            eq(watchRounds.status, "completed"),
            sql`${watchRounds.started_at} < ${before.toISOString()}`,
          ),
        )
        .limit(1);
      return Boolean(round);
    },
    async findRound(id: string): Promise<WatchRoundRow | null> {
      const [row] = await db.select().from(watchRounds).where(eq(watchRounds.id, id));
      return row ?? null;
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
