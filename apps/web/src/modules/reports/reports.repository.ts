import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { reports, type ReportStatus } from "../../db/schema.ts";
import type { ReportRow } from "../../db/rows.ts";

type ReportFields = Partial<Pick<ReportRow, "full_key" | "summary_key" | "error">>;

/** A scan's report row: its status, the blob keys of both PDFs, the last error. */
export function createReportsRepository(db: Db) {
  return {
    async find(scanId: string, tx: DbOrTx = db): Promise<ReportRow | null> {
      const [row] = await tx.select().from(reports).where(eq(reports.scan_id, scanId));
      return row ?? null;
    },
    /** Creates the scan's report row or moves it to `status` (with the fields given). */
    async setStatus(scanId: string, status: ReportStatus, fields: ReportFields = {}, tx: DbOrTx = db) {
      await tx
        .insert(reports)
        .values({ scan_id: scanId, status, ...fields })
        .onConflictDoUpdate({ target: reports.scan_id, set: { status, ...fields, updated_at: sql`now()` } });
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
