import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { TScanStatus } from "@brandwarden/contract/scan";
import type { Db, DbOrTx } from "../../db/client.ts";
import { domainFindings, scans, socialFindings } from "../../db/schema.ts";

export type ScanRow = typeof scans.$inferSelect;
export type DomainFindingRow = typeof domainFindings.$inferSelect;
export type SocialFindingRow = typeof socialFindings.$inferSelect;

const TERMINAL: TScanStatus[] = ["completed", "failed", "cancelled"];

export function createScansRepository(db: Db) {
  return {
    async insert(row: typeof scans.$inferInsert, tx: DbOrTx = db): Promise<ScanRow> {
      const [created] = await tx.insert(scans).values(row).returning();
      return created!;
    },
    async update(
      id: string,
      patch: Partial<typeof scans.$inferInsert>,
      tx: DbOrTx = db,
    ): Promise<ScanRow | null> {
      const [row] = await tx
        .update(scans)
        .set({ ...patch, updated_at: sql`now()` })
        .where(eq(scans.id, id))
        .returning();
      return row ?? null;
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
    domainScores(tx: DbOrTx, scanId: string, ids: string[]) {
      return tx
        .select({ id: domainFindings.id, score: domainFindings.score })
        .from(domainFindings)
        .where(and(eq(domainFindings.scan_id, scanId), inArray(domainFindings.id, ids)));
    },
    socialScores(tx: DbOrTx, scanId: string, ids: string[]) {
      return tx
        .select({ id: socialFindings.id, score: socialFindings.score })
        .from(socialFindings)
        .where(and(eq(socialFindings.scan_id, scanId), inArray(socialFindings.id, ids)));
    },
    async applyVerdict(
      tx: DbOrTx,
      kind: "domain" | "social",
      id: string,
      v: {
        ai_verdict: string;
        ai_confidence: number;
        ai_adjustment: number;
        ai_reasoning: string;
        adjusted_score: number;
        adjusted_severity: string;
      },
    ) {
      const table = kind === "domain" ? domainFindings : socialFindings;
      await tx
        .update(table)
        .set({ ...v, updated_at: sql`now()` })
        .where(eq(table.id, id));
    },
  };
}

export type ScansRepository = ReturnType<typeof createScansRepository>;
