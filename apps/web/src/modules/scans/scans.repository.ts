import { and, asc, desc, eq, gte, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { TScanStatus } from "@brandwarden/contract/constants";
import type { Db, DbOrTx } from "../../db/client.ts";
import { domainFindings, reports, scans, socialFindings, type WebhookState } from "../../db/schema.ts";
import type { ScanRow } from "../../db/rows.ts";

const TERMINAL: TScanStatus[] = ["completed", "failed", "cancelled"];

export function createScansRepository(db: Db) {
  return {
    async insert(row: typeof scans.$inferInsert, tx: DbOrTx = db): Promise<ScanRow> {
      const [created] = await tx.insert(scans).values(row).returning();
      return created!;
    },
    /** Patches the scan; `updated_at` is now unless the patch says when (a worker message's time). */
    async update(
      id: string,
      patch: Partial<typeof scans.$inferInsert>,
      tx: DbOrTx = db,
    ): Promise<ScanRow | null> {
      const [row] = await tx
        .update(scans)
        .set({ updated_at: sql`now()`, ...patch })
        .where(eq(scans.id, id))
        .returning();
      return row ?? null;
    },
    /** `queued` once the worker took it, unless something moved the scan on meanwhile. */
    async markQueued(id: string): Promise<ScanRow | null> {
      const [row] = await db
        .update(scans)
        .set({ status: "queued", updated_at: sql`now()` })
        .where(and(eq(scans.id, id), eq(scans.status, "pending")))
        .returning();
      return row ?? null;
    },
    /** What follows the scan's end was set going (see `ended_announced_at`); a scan resumed meanwhile is left alone. */
    async markAnnounced(id: string): Promise<void> {
      await db
        .update(scans)
        .set({ ended_announced_at: sql`now()` })
        .where(and(eq(scans.id, id), inArray(scans.status, TERMINAL)));
    },
    /** Terminal scans whose end was not announced yet (a web process died in between). */
    unannounced(): Promise<ScanRow[]> {
      return db
        .select()
        .from(scans)
        .where(and(inArray(scans.status, TERMINAL), isNull(scans.ended_announced_at)));
    },
    /** Completed scans (of the last `days`) whose report is neither ready nor failed, nor begun. */
    async completedWithoutReport(days: number): Promise<ScanRow[]> {
      const rows = await db
        .select({ scan: scans })
        .from(scans)
        .leftJoin(reports, eq(reports.scan_id, scans.id))
        .where(
          and(
            eq(scans.status, "completed"),
            gte(scans.completed_at, sql`now() - make_interval(days => ${days})`),
            or(isNull(reports.scan_id), inArray(reports.status, ["pending", "generating"])),
          ),
        );
      return rows.map((r) => r.scan);
    },
    /**
     * Completed scans (of the last `days`) whose report is ready or failed and whose webhook was
     * never enqueued (no state: the process died in between). A `pending` one is the queue's to
     * retry: enqueueing it again while it is being delivered would send it twice.
     */
    async webhooksDue(days: number): Promise<ScanRow[]> {
      const rows = await db
        .select({ scan: scans })
        .from(scans)
        .innerJoin(reports, eq(reports.scan_id, scans.id))
        .where(
          and(
            eq(scans.status, "completed"),
            gte(scans.completed_at, sql`now() - make_interval(days => ${days})`),
            inArray(reports.status, ["ready", "failed"]),
            isNull(scans.webhook_state),
          ),
        );
      return rows.map((r) => r.scan);
    },
    async setWebhookState(id: string, state: WebhookState): Promise<void> {
      await db.update(scans).set({ webhook_state: state }).where(eq(scans.id, id));
    },
    /** Users with a scan waiting to be dispatched. */
    async usersWithPendingScans(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ user_id: scans.user_id })
        .from(scans)
        .where(eq(scans.status, "pending"));
      return rows.map((r) => r.user_id);
    },
    /** Locks the scan row: progress events and user actions on one scan apply one at a time. */
    async lock(id: string, tx: DbOrTx): Promise<ScanRow | null> {
      const rows = await tx.select().from(scans).where(eq(scans.id, id)).for("update").limit(1);
      return rows[0] ?? null;
    },
    listForUser(userId: string, limit = 50) {
      return db
        .select()
        .from(scans)
        .where(eq(scans.user_id, userId))
        .orderBy(desc(scans.created_at))
        .limit(limit);
    },
    /** Scans waiting for their owner's domain profiles before dispatch. */
    deferredForUser(userId: string) {
      return db
        .select()
        .from(scans)
        .where(and(eq(scans.user_id, userId), eq(scans.status, "pending")))
        .orderBy(asc(scans.created_at));
    },
    nonTerminal() {
      return db.select().from(scans).where(notInArray(scans.status, TERMINAL));
    },
    /** The user's scan that has not ended yet (pending, queued or running), if any. */
    async activeForUser(userId: string, tx: DbOrTx = db): Promise<ScanRow | null> {
      const rows = await tx
        .select()
        .from(scans)
        .where(and(eq(scans.user_id, userId), notInArray(scans.status, TERMINAL)))
        .orderBy(desc(scans.created_at))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The newest scan of each user, for the weekly rescan. */
    async latestPerUser(): Promise<ScanRow[]> {
      return db.selectDistinctOn([scans.user_id]).from(scans).orderBy(scans.user_id, desc(scans.created_at));
    },
    async findById(id: string, tx: DbOrTx = db): Promise<ScanRow | null> {
      const rows = await tx.select().from(scans).where(eq(scans.id, id)).limit(1);
      return rows[0] ?? null;
    },
    domainFindings(scanId: string) {
      return db
        .select()
        .from(domainFindings)
        .where(eq(domainFindings.scan_id, scanId))
        .orderBy(asc(domainFindings.domain));
    },
    socialFindings(scanId: string) {
      return db
        .select()
        .from(socialFindings)
        .where(eq(socialFindings.scan_id, scanId))
        .orderBy(asc(socialFindings.platform), asc(socialFindings.handle));
    },
  };
}

export type ScansRepository = ReturnType<typeof createScansRepository>;
