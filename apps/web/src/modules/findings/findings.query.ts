import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { SEVERITIES } from "@brandwarden/contract/common";
import type { Db } from "../../db/client.ts";
import { domainFindings, socialFindings } from "../../db/schema.ts";

export const DOMAIN_PAGE_SIZE = 15;
export const SOCIAL_PAGE_SIZE = 10;

const NOT_SORTABLE = new Set([
  "id",
  "scan_id",
  "user_id",
  "signals",
  "provenance",
  "threat_feed_hits",
  "screenshot_key",
]);
const domainColumns = getTableColumns(domainFindings);
/** Every scalar column of a finding sorts; list columns sort by their JSON text. */
export const DOMAIN_SORT_COLUMNS = Object.keys(domainColumns).filter((c) => !NOT_SORTABLE.has(c));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const ZFindingsQuery = z.object({
  scan_id: z.uuid(),
  sort: z.enum(DOMAIN_SORT_COLUMNS as [string, ...string[]]).default("adjusted_score"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  severity: z.enum(SEVERITIES).optional(),
  label: z.enum(["confirmed", "benign", "unlabeled"]).optional(),
  fuzzer: z.string().max(50).optional(),
  campaign: z.string().max(100).optional(),
  q: z.string().trim().max(200).optional(),
});
export type TFindingsQuery = z.infer<typeof ZFindingsQuery>;

function domainFilters(q: Omit<TFindingsQuery, "sort" | "dir" | "page">): SQL {
  const f = domainFindings;
  const conditions: SQL[] = [eq(f.scan_id, q.scan_id)];
  if (q.severity)
    conditions.push(sql`coalesce(${f.adjusted_severity}, ${f.severity}, 'info') = ${q.severity}`);
  if (q.label === "unlabeled") conditions.push(isNull(f.label));
  else if (q.label) conditions.push(eq(f.label, q.label));
  if (q.fuzzer) conditions.push(sql`(${f.fuzzer} = ${q.fuzzer} or ${f.fuzzers} ? ${q.fuzzer})`);
  if (q.campaign) conditions.push(eq(f.campaign_id, q.campaign));
  if (q.q) {
    const pattern = `%${escapeLike(q.q)}%`;
    conditions.push(
      or(
        ilike(f.domain, pattern),
        ilike(f.domain_unicode, pattern),
        ilike(f.registrar, pattern),
        ilike(f.page_title, pattern),
      )!,
    );
  }
  return and(...conditions)!;
}

/** Sorts by the column (adjusted score falls back to the score), nulls last, ties by domain. */
function domainOrder(sort: string, dir: "asc" | "desc"): SQL[] {
  const column = domainColumns[sort as keyof typeof domainColumns] as PgColumn;
  const expr =
    sort === "adjusted_score"
      ? sql`coalesce(${domainFindings.adjusted_score}, ${domainFindings.score})`
      : sql`${column}`;
  return [
    dir === "asc" ? sql`${expr} asc nulls last` : sql`${expr} desc nulls last`,
    asc(domainFindings.domain),
  ];
}

export function createFindingsQuery(db: Db) {
  return {
    async domainPage(q: TFindingsQuery) {
      const where = domainFilters(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(domainFindings)
          .where(where)
          .orderBy(...domainOrder(q.sort, q.dir))
          .limit(DOMAIN_PAGE_SIZE)
          .offset((q.page - 1) * DOMAIN_PAGE_SIZE),
        db.select({ n: count() }).from(domainFindings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Everything matching the filters, for CSV/JSON export. */
    domainAll(q: TFindingsQuery) {
      return db
        .select()
        .from(domainFindings)
        .where(domainFilters(q))
        .orderBy(...domainOrder(q.sort, q.dir))
        .limit(100_000);
    },
    async socialPage(scanId: string, page: number) {
      const where = eq(socialFindings.scan_id, scanId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(socialFindings)
          .where(where)
          .orderBy(
            sql`coalesce(${socialFindings.adjusted_score}, ${socialFindings.score}) desc nulls last`,
            asc(socialFindings.platform),
            asc(socialFindings.handle),
          )
          .limit(SOCIAL_PAGE_SIZE)
          .offset((page - 1) * SOCIAL_PAGE_SIZE),
        db.select({ n: count() }).from(socialFindings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Campaigns of a scan with their members, largest first. */
    async campaigns(scanId: string) {
      const rows = await db
        .select({
          campaign_id: domainFindings.campaign_id,
          domain: domainFindings.domain,
          keys: domainFindings.campaign_keys,
          score: sql<number | null>`coalesce(${domainFindings.adjusted_score}, ${domainFindings.score})`,
          registration_created: domainFindings.registration_created,
        })
        .from(domainFindings)
        .where(and(eq(domainFindings.scan_id, scanId), sql`${domainFindings.campaign_id} is not null`))
        .orderBy(desc(domainFindings.campaign_id));
      return rows;
    },
  };
}

export type FindingsQuery = ReturnType<typeof createFindingsQuery>;
