import { and, asc, count, eq, getTableColumns, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { TFindingCounts, TFindingsQuery } from "@brandwarden/contract/browser/findings";
import { SEVERITIES, type TSeverity } from "@brandwarden/contract/common";
import { emptyChangeCounts } from "@brandwarden/contract/monitoring";
import type { Db } from "../../db/client.ts";
import { domainFindings, socialFindings } from "../../db/schema.ts";

/** The most findings one export carries. */
const EXPORT_LIMIT = 100_000;

/** The social table's order: worst first (the AI-adjusted score where there is one), then by account. */
const socialOrder = () => [
  sql`coalesce(${socialFindings.adjusted_score}, ${socialFindings.score}) desc nulls last`,
  asc(socialFindings.platform),
  asc(socialFindings.handle),
];

/** What filters the domain findings table (the query without its order and page). */
type DomainFilter = Omit<TFindingsQuery, "scan_id" | "sort" | "dir" | "page">;

const DATE_FIELDS = new Set([
  "registration_created",
  "registration_updated",
  "registration_expires",
  "tls_not_before",
  "tls_not_after",
  "account_created",
]);
/** Identity and bookkeeping columns no event may overwrite. */
const PROTECTED = new Set([
  "id",
  "scan_id",
  "user_id",
  "created_at",
  "updated_at",
  "label",
  "label_reason",
  "labeled_at",
]);

type Row = Record<string, unknown>;

/** Keeps the fields that are columns of `table`, converting ISO dates; unknown keys are dropped. */
function toColumns(table: PgTable, item: Row): Row {
  const columns = getTableColumns(table);
  const out: Row = {};
  for (const [key, value] of Object.entries(item)) {
    if (value === undefined || PROTECTED.has(key) || !(key in columns)) continue;
    out[key] = DATE_FIELDS.has(key) && typeof value === "string" ? new Date(value) : value;
  }
  return out;
}

/**
 * Upserts rows keyed by `conflict` columns, updating only the fields each row carries. Rows are
 * batched by the set of fields they carry, so a partial delta never nulls a field it omits.
 */
async function upsert(db: Db, table: PgTable, conflict: PgColumn[], rows: Row[]): Promise<number> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(",");
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const columns = getTableColumns(table);
  const conflictNames = new Set(conflict.map((c) => c.name));
  for (const group of groups.values()) {
    const fields = Object.keys(group[0]!).filter((k) => !conflictNames.has(k) && k !== "user_id");
    const set: Row = { updated_at: sql`now()` };
    for (const f of fields) set[f] = sql.raw(`excluded."${columns[f]!.name}"`);
    for (let i = 0; i < group.length; i += 500) {
      await db
        .insert(table)
        .values(group.slice(i, i + 500) as never)
        .onConflictDoUpdate({ target: conflict, set });
    }
  }
  return rows.length;
}

const domainColumns = getTableColumns(domainFindings);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function domainFilters(scanId: string, q: DomainFilter): SQL {
  const f = domainFindings;
  const conditions: SQL[] = [eq(f.scan_id, scanId)];
  if (q.severity)
    conditions.push(sql`coalesce(${f.adjusted_severity}, ${f.severity}, 'info') = ${q.severity}`);
  if (q.label === "unlabeled") conditions.push(isNull(f.label));
  else if (q.label) conditions.push(eq(f.label, q.label));
  if (q.fuzzer) conditions.push(sql`(${f.fuzzer} = ${q.fuzzer} or ${f.fuzzers} ? ${q.fuzzer})`);
  if (q.campaign) conditions.push(eq(f.campaign_id, q.campaign));
  if (q.change === "moved") conditions.push(sql`${f.change} is not null and ${f.change} <> 'unchanged'`);
  else if (q.change) conditions.push(eq(f.change, q.change));
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

/** The counts of a scan with nothing found (yet). */
export function emptyCounts(): Omit<TFindingCounts, "scan_id"> {
  return {
    total: 0,
    by_severity: Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<TSeverity, number>,
    by_label: { confirmed: 0, benign: 0, unlabeled: 0 },
    social_total: 0,
    campaigns: 0,
    by_change: emptyChangeCounts(),
  };
}

/**
 * Every query of the finding tables the findings module runs: the worker's findings stored as
 * they arrive, the dashboard's pages, counts and exports (the AI audit's verdicts: ai-audit).
 */
export function createFindingsRepository(db: Db) {
  return {
    upsertDomainFindings(scanId: string, userId: string, items: Row[], extra: Row = {}) {
      const rows = items.map((item) => ({
        ...toColumns(domainFindings, { ...item, ...extra }),
        scan_id: scanId,
        user_id: userId,
      }));
      return upsert(db, domainFindings, [domainFindings.scan_id, domainFindings.domain], rows);
    },
    upsertSocialFindings(scanId: string, userId: string, items: Row[]) {
      const rows = items.map((item) => ({
        ...toColumns(socialFindings, item),
        scan_id: scanId,
        user_id: userId,
      }));
      return upsert(
        db,
        socialFindings,
        [socialFindings.scan_id, socialFindings.platform, socialFindings.handle],
        rows,
      );
    },
    /** One page of the scan's domain findings the query keeps, in its order, and how many it keeps. */
    async domainPage(scanId: string, q: TFindingsQuery, pageSize: number) {
      const where = domainFilters(scanId, q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(domainFindings)
          .where(where)
          .orderBy(...domainOrder(q.sort, q.dir))
          .limit(pageSize)
          .offset((q.page - 1) * pageSize),
        db.select({ n: count() }).from(domainFindings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Everything matching the filters, for the exports (CSV, JSON, JSONL, MISP). */
    domainAll(scanId: string, q: TFindingsQuery) {
      return db
        .select()
        .from(domainFindings)
        .where(domainFilters(scanId, q))
        .orderBy(...domainOrder(q.sort, q.dir))
        .limit(EXPORT_LIMIT);
    },
    /** Every social finding of the scan, in the table's order (worst first), for the exports. */
    socialAll(scanId: string) {
      return db
        .select()
        .from(socialFindings)
        .where(eq(socialFindings.scan_id, scanId))
        .orderBy(...socialOrder())
        .limit(EXPORT_LIMIT);
    },
    /** One page of the scan's social findings, worst first, and how many there are. */
    async socialPage(scanId: string, page: number, pageSize: number) {
      const where = eq(socialFindings.scan_id, scanId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(socialFindings)
          .where(where)
          .orderBy(...socialOrder())
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(socialFindings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /**
     * A scan's counts in one round trip (the dashboard's charts and headers after each live
     * update): domain findings per severity band and per label, social findings, campaigns.
     */
    async counts(scanId: string): Promise<Omit<TFindingCounts, "scan_id">> {
      const severity = sql<string>`coalesce(${domainFindings.adjusted_severity}, ${domainFindings.severity}, 'info')`;
      const [bySeverity, byLabel, [social], [campaigns], byChange] = await Promise.all([
        db
          .select({ key: severity, n: count() })
          .from(domainFindings)
          .where(eq(domainFindings.scan_id, scanId))
          .groupBy(severity),
        db
          .select({ key: domainFindings.label, n: count() })
          .from(domainFindings)
          .where(eq(domainFindings.scan_id, scanId))
          .groupBy(domainFindings.label),
        db.select({ n: count() }).from(socialFindings).where(eq(socialFindings.scan_id, scanId)),
        db
          .select({ n: sql<number>`count(distinct ${domainFindings.campaign_id})::int` })
          .from(domainFindings)
          .where(eq(domainFindings.scan_id, scanId)),
        db
          .select({ key: domainFindings.change, n: count() })
          .from(domainFindings)
          .where(eq(domainFindings.scan_id, scanId))
          .groupBy(domainFindings.change),
      ]);
      const out = emptyCounts();
      for (const r of byChange) if (r.key && r.key in out.by_change) out.by_change[r.key] = r.n;
      for (const r of bySeverity) if (r.key in out.by_severity) out.by_severity[r.key as TSeverity] = r.n;
      for (const r of byLabel) out.by_label[(r.key ?? "unlabeled") as keyof typeof out.by_label] += r.n;
      out.total = bySeverity.reduce((n, r) => n + r.n, 0);
      out.social_total = social?.n ?? 0;
      out.campaigns = Number(campaigns?.n ?? 0);
      return out;
    },
  };
}

export type FindingsRepository = ReturnType<typeof createFindingsRepository>;
