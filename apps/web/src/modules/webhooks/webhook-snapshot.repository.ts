import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { domainFindings, scans, socialFindings, users } from "../../db/schema.ts";

/** The pages of a scan's snapshot, worst first (the webhook body's order). */
export function createWebhookSnapshotRepository(db: Db) {
  const worstDomain = sql`coalesce(${domainFindings.adjusted_score}, ${domainFindings.score}, 0)`;
  const worstSocial = sql`coalesce(${socialFindings.adjusted_score}, ${socialFindings.score}, 0)`;
  return {
    /** The snapshot-link generation of the scan's owner; null when there is no such scan. */
    async linkGeneration(scanId: string): Promise<number | null> {
      const rows = await db
        .select({ generation: users.snapshot_link_generation })
        .from(scans)
        .innerJoin(users, eq(users.id, scans.user_id))
        .where(eq(scans.id, scanId))
        .limit(1);
      return rows[0]?.generation ?? null;
    },
    async domainPage(scanId: string, offset: number, limit: number) {
      const where = eq(domainFindings.scan_id, scanId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(domainFindings)
          .where(where)
          .orderBy(desc(worstDomain), asc(domainFindings.domain))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(domainFindings).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
    async socialPage(scanId: string, offset: number, limit: number) {
      const where = eq(socialFindings.scan_id, scanId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(socialFindings)
          .where(where)
          .orderBy(desc(worstSocial), asc(sql`${socialFindings.platform} || '/' || ${socialFindings.handle}`))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(socialFindings).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}

export type WebhookSnapshotRepository = ReturnType<typeof createWebhookSnapshotRepository>;
