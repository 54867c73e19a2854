import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { scanLogs, scans } from "../../db/schema.ts";
import type { ScanLogRow } from "../../db/rows.ts";

/** The scan log the dashboard shows: the worker's `log` events, kept per scan. */
export function createScanLogsRepository(db: Db) {
  return {
    /** Keeps one line of a scan's log; false (nothing kept) when there is no such scan. */
    async append(line: Omit<typeof scanLogs.$inferInsert, "id">): Promise<boolean> {
      const [scan] = await db.select({ id: scans.id }).from(scans).where(eq(scans.id, line.scan_id));
      if (!scan) return false;
      await db.insert(scanLogs).values(line);
      return true;
    },
    /** The scan's last `limit` lines, oldest first. */
    async recent(scanId: string, limit: number): Promise<ScanLogRow[]> {
      const rows = await db
        .select()
        .from(scanLogs)
        .where(eq(scanLogs.scan_id, scanId))
        .orderBy(desc(scanLogs.ts))
        .limit(limit);
      return rows.reverse();
    },
  };
}

export type ScanLogsRepository = ReturnType<typeof createScanLogsRepository>;
