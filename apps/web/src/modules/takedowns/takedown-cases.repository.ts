import { and, asc, count, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { CHASED_STATES, type TTakedownState } from "@brandwarden/contract/takedown-words";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  domainFindings,
  scans,
  socialFindings,
  takedownCases,
  takedownEscalations,
  takedownRecipients,
  takedownTimeline,
} from "../../db/schema.ts";
import type { TakedownCaseRow, TakedownRecipientRow } from "../../db/rows.ts";

export type CaseInsert = typeof takedownCases.$inferInsert;
export type RecipientInsert = typeof takedownRecipients.$inferInsert;
type TimelineInsert = typeof takedownTimeline.$inferInsert;
type EscalationInsert = typeof takedownEscalations.$inferInsert;
export type CasePatch = Partial<Omit<CaseInsert, "id" | "user_id">>;

/** Cases per page of `GET /takedowns/cases`. */
export const CASES_PAGE_SIZE = 20;
const ENDED: TTakedownState[] = ["down", "withdrawn"];

/** Rows of `db.execute`: an array on one driver, `{rows}` on the other. */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Takedown cases and their recipients, timeline and escalations; the findings they are opened from. */
export function createTakedownCasesRepository(db: Db) {
  return {
    async domainFinding(id: string) {
      const [row] = await db
        .select({
          id: domainFindings.id,
          user_id: domainFindings.user_id,
          scan_id: domainFindings.scan_id,
          domain: domainFindings.domain,
          registrar: domainFindings.registrar,
          registrar_abuse_email: domainFindings.registrar_abuse_email,
          hosting_abuse_email: domainFindings.hosting_abuse_email,
          asn_org: domainFindings.asn_org,
          asn: domainFindings.asn,
          ip_country: domainFindings.ip_country,
          dns_a: domainFindings.dns_a,
          dns_ns: domainFindings.dns_ns,
          final_url: domainFindings.final_url,
          login_form: domainFindings.login_form,
          password_form: domainFindings.password_form,
          original_domain: domainFindings.original_domain,
        })
        .from(domainFindings)
        .where(eq(domainFindings.id, id));
      return row ?? null;
    },
    async socialFinding(id: string) {
      const [row] = await db
        .select({
          id: socialFindings.id,
          user_id: socialFindings.user_id,
          scan_id: socialFindings.scan_id,
          platform: socialFindings.platform,
          handle: socialFindings.handle,
          profile_url: socialFindings.profile_url,
          display_name: socialFindings.display_name,
          bio: socialFindings.bio,
          followers: socialFindings.followers,
          account_created: socialFindings.account_created,
          links: socialFindings.links,
          name_similarity: socialFindings.name_similarity,
          avatar_similarity: socialFindings.avatar_similarity,
          score: socialFindings.score,
          severity: socialFindings.severity,
          adjusted_score: socialFindings.adjusted_score,
          adjusted_severity: socialFindings.adjusted_severity,
          owned_evidence: socialFindings.owned_evidence,
        })
        .from(socialFindings)
        .where(eq(socialFindings.id, id));
      return row ?? null;
    },
    /** The lookalike's case that is not ended, if any. */
    async openCase(userId: string, kind: "domain" | "social", target: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(takedownCases)
        .where(
          and(
            eq(takedownCases.user_id, userId),
            eq(takedownCases.kind, kind),
            eq(takedownCases.target, target),
            notInArray(takedownCases.state, ENDED),
          ),
        );
      return row ?? null;
    },
    /** A new case, or null when the lookalike already has one that is not ended (the partial unique index). */
    async insertCase(values: CaseInsert, tx: DbOrTx = db): Promise<TakedownCaseRow | null> {
      const [row] = await tx.insert(takedownCases).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async byId(id: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(takedownCases).where(eq(takedownCases.id, id));
      return row ?? null;
    },
    /** Writes `patch`; with `states`, only while the case is in one of them (null otherwise). */
    async update(id: string, patch: CasePatch, states?: readonly TTakedownState[], tx: DbOrTx = db) {
      const [row] = await tx
        .update(takedownCases)
        .set({ ...patch, updated_at: new Date() })
        .where(and(eq(takedownCases.id, id), states ? inArray(takedownCases.state, [...states]) : undefined))
        .returning();
      return row ?? null;
    },
    /**
     * Takes the next escalation level of a chased case, unless another check round took it first
     * (the level read is no longer the stored one): only the round that took it writes to desks.
     */
    async claimEscalation(id: string, fromLevel: number, at: Date) {
      const [row] = await db
        .update(takedownCases)
        .set({ state: "escalated", escalation_level: fromLevel + 1, last_escalated_at: at, updated_at: at })
        .where(
          and(
            eq(takedownCases.id, id),
            eq(takedownCases.escalation_level, fromLevel),
            inArray(takedownCases.state, [...CHASED_STATES]),
          ),
        )
        .returning();
      return row ?? null;
    },
    recipients: (caseIds: string[], tx: DbOrTx = db): Promise<TakedownRecipientRow[]> =>
      caseIds.length
        ? tx
            .select()
            .from(takedownRecipients)
            .where(inArray(takedownRecipients.case_id, caseIds))
            .orderBy(asc(takedownRecipients.position), asc(takedownRecipients.id))
        : Promise.resolve([]),
    async addRecipients(rows: RecipientInsert[], tx: DbOrTx = db) {
      if (rows.length) await tx.insert(takedownRecipients).values(rows);
    },
    async deleteRecipients(ids: string[], tx: DbOrTx = db) {
      if (ids.length) await tx.delete(takedownRecipients).where(inArray(takedownRecipients.id, ids));
    },
    async updateRecipient(id: string, patch: Partial<RecipientInsert>, tx: DbOrTx = db) {
      await tx.update(takedownRecipients).set(patch).where(eq(takedownRecipients.id, id));
    },
    /** Marks the recipients `sending` unless one already is (true when all of them moved). */
    async claimForSending(caseId: string, ids: string[], tx: DbOrTx = db): Promise<boolean> {
      const moved = await tx
        .update(takedownRecipients)
        .set({ state: "sending", error: null })
        .where(
          and(
            eq(takedownRecipients.case_id, caseId),
            inArray(takedownRecipients.id, ids),
            notInArray(takedownRecipients.state, ["sending"]),
          ),
        )
        .returning({ id: takedownRecipients.id });
      return moved.length === ids.length;
    },
    timeline: (caseIds: string[]) =>
      caseIds.length
        ? db
            .select()
            .from(takedownTimeline)
            .where(inArray(takedownTimeline.case_id, caseIds))
            .orderBy(asc(takedownTimeline.at), asc(takedownTimeline.id))
        : Promise.resolve([]),
    async addTimeline(rows: TimelineInsert[], tx: DbOrTx = db) {
      if (rows.length) await tx.insert(takedownTimeline).values(rows);
    },
    escalations: (caseIds: string[]) =>
      caseIds.length
        ? db
            .select()
            .from(takedownEscalations)
            .where(inArray(takedownEscalations.case_id, caseIds))
            .orderBy(asc(takedownEscalations.at))
        : Promise.resolve([]),
    async addEscalation(row: EscalationInsert, tx: DbOrTx = db) {
      await tx.insert(takedownEscalations).values(row);
    },
    /** One page of the user's cases, newest first, and how many there are. */
    async page(userId: string, q: { state?: TTakedownState; page: number }) {
      const where = and(
        eq(takedownCases.user_id, userId),
        q.state ? eq(takedownCases.state, q.state) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(takedownCases)
          .where(where)
          .orderBy(desc(takedownCases.opened_at), desc(takedownCases.id))
          .limit(CASES_PAGE_SIZE)
          .offset((q.page - 1) * CASES_PAGE_SIZE),
        db.select({ n: count() }).from(takedownCases).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Cases whose site is checked: chased (sent, escalated) and down ones, every user's. */
    checked: () =>
      db
        .select()
        .from(takedownCases)
        .where(inArray(takedownCases.state, ["sent", "escalated", "down"]))
        .orderBy(asc(takedownCases.user_id), asc(takedownCases.opened_at)),
    /** The scan owner's cases, newest first (at most 500), for the PDF reports. */
    async forScanOwner(scanId: string) {
      const [scan] = await db.select({ user_id: scans.user_id }).from(scans).where(eq(scans.id, scanId));
      if (!scan) return null;
      return db
        .select()
        .from(takedownCases)
        .where(eq(takedownCases.user_id, scan.user_id))
        .orderBy(desc(takedownCases.opened_at), desc(takedownCases.id))
        .limit(500);
    },
    /** The user's latest completed scan (whose reports show the cases). */
    async latestCompletedScan(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: scans.id })
        .from(scans)
        .where(and(eq(scans.user_id, userId), eq(scans.status, "completed")))
        .orderBy(desc(scans.completed_at), desc(scans.created_at))
        .limit(1);
      return row?.id ?? null;
    },
    /** Counts per state, the median time-to-down, the share down within 24 h, and per sent recipient. */
    async stats(userId: string) {
      const [totals] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select
            (count(*) filter (where state = 'open'))::int as open,
            (count(*) filter (where state = 'sent'))::int as sent,
            (count(*) filter (where state = 'escalated'))::int as escalated,
            (count(*) filter (where state = 'down'))::int as down,
            (count(*) filter (where state = 'withdrawn'))::int as withdrawn,
            (count(*) filter (where state = 'reemerged'))::int as reemerged,
            (percentile_cont(0.5) within group (order by time_to_down_s)
              filter (where time_to_down_s is not null))::float8 as median_time_to_down_s,
            (count(*) filter (where first_sent_at is not null))::int as sent_ever,
            (count(*) filter (where time_to_down_s is not null and time_to_down_s <= 86400))::int as down_24h
          from takedown_cases where user_id = ${userId}`),
      );
      const byRecipient = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          with sent as (
            select distinct r.organisation, r.role, c.id, c.state, c.time_to_down_s
            from takedown_recipients r join takedown_cases c on c.id = r.case_id
            where c.user_id = ${userId} and r.state in ('sent', 'manual')
          )
          select organisation, role, count(*)::int as cases,
            (count(*) filter (where time_to_down_s is not null))::int as down,
            (percentile_cont(0.5) within group (order by time_to_down_s)
              filter (where time_to_down_s is not null))::float8 as median_time_to_down_s
          from sent group by organisation, role order by count(*) desc, organisation, role`),
      );
      return {
        totals: Object.fromEntries(Object.entries(totals ?? {}).map(([k, v]) => [k, num(v)])) as Record<
          string,
          number | null
        >,
        byRecipient: byRecipient.map((r) => ({
          organisation: String(r.organisation),
          role: String(r.role),
          cases: Number(r.cases),
          down: Number(r.down),
          median_time_to_down_s: num(r.median_time_to_down_s),
        })),
      };
    },
  };
}

export type TakedownCasesRepository = ReturnType<typeof createTakedownCasesRepository>;
