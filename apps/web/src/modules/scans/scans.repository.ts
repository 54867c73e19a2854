import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { domainFindings, scans, socialFindings } from "../../db/schema.ts";

export type ScanRow = typeof scans.$inferSelect;
export type DomainFindingRow = typeof domainFindings.$inferSelect;
export type SocialFindingRow = typeof socialFindings.$inferSelect;

export function createScansRepository(db: Db) {
  return {
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
