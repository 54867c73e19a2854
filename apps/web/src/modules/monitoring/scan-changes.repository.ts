import { and, asc, count, desc, eq, lt, ne, sql } from "drizzle-orm";
import type { TChangeCounts, TChangeKind, TFieldChange } from "@brandwarden/contract/monitoring";
import type { Db, DbOrTx } from "../../db/client.ts";
import { domainFindings, scanChanges, scans, socialFindings } from "../../db/schema.ts";
import type { DomainFindingRow, ScanRow, SocialFindingRow } from "../../db/rows.ts";

/** A domain finding as inserted (a gone finding carried into the new scan). */
export type DomainFindingInsert = typeof domainFindings.$inferInsert;

export interface FindingChange {
  id: string;
  change: TChangeKind;
  changes: TFieldChange[];
  first_seen_at: Date;
}

const BATCH = 500;

/** The SQL of change detection: a scan's findings, its predecessor's, and where the verdicts go. */
export function createScanChangesRepository(db: Db) {
  /** `update ... from (values ...)`: one statement per batch however many findings moved. */
  async function writeChanges(
    table: "domain_findings" | "social_findings",
    rows: FindingChange[],
    tx: DbOrTx,
  ) {
    for (let i = 0; i < rows.length; i += BATCH) {
      const values = sql.join(
        rows
          .slice(i, i + BATCH)
          .map(
            (r) =>
              sql`(${r.id}::uuid, ${r.change}, ${JSON.stringify(r.changes)}::jsonb, ${r.first_seen_at.toISOString()}::timestamptz)`,
          ),
        sql`, `,
      );
      await tx.execute(
        sql`update ${sql.identifier(table)} as f set change = v.change, changes = v.changes, first_seen_at = v.first_seen
            from (values ${values}) as v(id, change, changes, first_seen) where f.id = v.id`,
      );
    }
  }

  return {
    /** The user's last completed scan started before this one. */
    async previousCompleted(scan: Pick<ScanRow, "id" | "user_id" | "created_at">, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(scans)
        .where(
          and(
            eq(scans.user_id, scan.user_id),
            eq(scans.status, "completed"),
            ne(scans.id, scan.id),
            lt(scans.created_at, scan.created_at),
          ),
        )
        .orderBy(desc(scans.created_at))
        .limit(1);
      return row ?? null;
    },
    domainRows(scanId: string, tx: DbOrTx = db): Promise<DomainFindingRow[]> {
      return tx
        .select()
        .from(domainFindings)
        .where(eq(domainFindings.scan_id, scanId))
        .orderBy(asc(domainFindings.domain));
    },
    socialRows(scanId: string, tx: DbOrTx = db): Promise<SocialFindingRow[]> {
      return tx.select().from(socialFindings).where(eq(socialFindings.scan_id, scanId));
    },
    writeDomainChanges: (rows: FindingChange[], tx: DbOrTx = db) => writeChanges("domain_findings", rows, tx),
    writeSocialChanges: (rows: FindingChange[], tx: DbOrTx = db) => writeChanges("social_findings", rows, tx),
    /** Findings a scan no longer has: upserted into it as `gone` (a recompute rewrites them). */
    async upsertGoneDomain(rows: DomainFindingInsert[], tx: DbOrTx = db): Promise<DomainFindingRow[]> {
      const out: DomainFindingRow[] = [];
      for (let i = 0; i < rows.length; i += BATCH)
        out.push(
          ...(await tx
            .insert(domainFindings)
            .values(rows.slice(i, i + BATCH))
            .onConflictDoUpdate({
              target: [domainFindings.scan_id, domainFindings.domain],
              set: { change: sql`excluded.change`, changes: sql`excluded.changes`, updated_at: sql`now()` },
            })
            .returning()),
        );
      return out;
    },
    async upsertGoneSocial(
      rows: Array<typeof socialFindings.$inferInsert>,
      tx: DbOrTx = db,
    ): Promise<SocialFindingRow[]> {
      const out: SocialFindingRow[] = [];
      for (let i = 0; i < rows.length; i += BATCH)
        out.push(
          ...(await tx
            .insert(socialFindings)
            .values(rows.slice(i, i + BATCH))
            .onConflictDoUpdate({
              target: [socialFindings.scan_id, socialFindings.platform, socialFindings.handle],
              set: { change: sql`excluded.change`, changes: sql`excluded.changes`, updated_at: sql`now()` },
            })
            .returning()),
        );
      return out;
    },
    async save(row: typeof scanChanges.$inferInsert, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(scanChanges)
        .values(row)
        .onConflictDoUpdate({
          target: scanChanges.scan_id,
          set: {
            previous_scan_id: row.previous_scan_id,
            counts: row.counts,
            social_counts: row.social_counts,
            computed_at: sql`now()`,
          },
        });
    },
    async find(scanId: string): Promise<{
      previous_scan_id: string | null;
      counts: TChangeCounts;
      social_counts: TChangeCounts;
      computed_at: Date;
    } | null> {
      const [row] = await db.select().from(scanChanges).where(eq(scanChanges.scan_id, scanId));
      return row ?? null;
    },
    /** Domain findings of a scan that moved (everything but `unchanged`), worst first. */
    movedDomain(scanId: string, limit: number) {
      return db
        .select()
        .from(domainFindings)
        .where(
          and(
            eq(domainFindings.scan_id, scanId),
            sql`${domainFindings.change} is not null`,
            ne(domainFindings.change, "unchanged"),
          ),
        )
        .orderBy(
          sql`case ${domainFindings.change} when 'new' then 0 when 'reappeared' then 1 when 'changed' then 2 else 3 end`,
          sql`coalesce(${domainFindings.adjusted_score}, ${domainFindings.score}) desc nulls last`,
          asc(domainFindings.domain),
        )
        .limit(limit);
    },
    movedSocial(scanId: string, limit: number) {
      return db
        .select()
        .from(socialFindings)
        .where(
          and(
            eq(socialFindings.scan_id, scanId),
            sql`${socialFindings.change} is not null`,
            ne(socialFindings.change, "unchanged"),
          ),
        )
        .orderBy(sql`coalesce(${socialFindings.adjusted_score}, ${socialFindings.score}) desc nulls last`)
        .limit(limit);
    },
    async domainFinding(id: string) {
      const [row] = await db.select().from(domainFindings).where(eq(domainFindings.id, id));
      return row ?? null;
    },
    async socialFinding(id: string) {
      const [row] = await db.select().from(socialFindings).where(eq(socialFindings.id, id));
      return row ?? null;
    },
    async countMoved(scanId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(domainFindings)
        .where(and(eq(domainFindings.scan_id, scanId), ne(domainFindings.change, "unchanged")));
      return row?.n ?? 0;
    },
  };
}

export type ScanChangesRepository = ReturnType<typeof createScanChangesRepository>;
