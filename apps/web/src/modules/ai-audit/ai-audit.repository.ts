import { and, asc, count, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { domainFindings, socialFindings } from "../../db/schema.ts";

/**
 * The AI audit's queries: the snapshot's findings page by page (keyset on the scan's unique keys),
 * one finding's image key, the scores (and hard evidence) of the findings a verdict names, and the
 * verdict stored on its finding with the score it led to.
 */
export function createAiAuditRepository() {
  return {
    /** Domain findings by name after `after` (exclusive), at most `limit`. */
    domainPage(db: DbOrTx, scanId: string, after: string | null, limit: number) {
      return db
        .select()
        .from(domainFindings)
        .where(
          and(
            eq(domainFindings.scan_id, scanId),
            after === null ? undefined : gt(domainFindings.domain, after),
          ),
        )
        .orderBy(asc(domainFindings.domain))
        .limit(limit);
    },
    /** Social findings by (platform, handle) after `after` (exclusive), at most `limit`. */
    socialPage(db: DbOrTx, scanId: string, after: [string, string] | null, limit: number) {
      const t = socialFindings;
      return db
        .select()
        .from(t)
        .where(
          and(
            eq(t.scan_id, scanId),
            after === null
              ? undefined
              : or(gt(t.platform, after[0]), and(eq(t.platform, after[0]), gt(t.handle, after[1]))),
          ),
        )
        .orderBy(asc(t.platform), asc(t.handle))
        .limit(limit);
    },
    async totals(db: DbOrTx, scanId: string) {
      const [[d], [s]] = await Promise.all([
        db.select({ n: count() }).from(domainFindings).where(eq(domainFindings.scan_id, scanId)),
        db.select({ n: count() }).from(socialFindings).where(eq(socialFindings.scan_id, scanId)),
      ]);
      return { findings: d?.n ?? 0, social_findings: s?.n ?? 0 };
    },
    /** The blob key of a finding's screenshot (domain) or avatar (social), when it is in the scan. */
    async imageKey(db: DbOrTx, kind: "domain" | "social", scanId: string, findingId: string) {
      const [row] =
        kind === "domain"
          ? await db
              .select({ key: domainFindings.screenshot_key })
              .from(domainFindings)
              .where(and(eq(domainFindings.scan_id, scanId), eq(domainFindings.id, findingId)))
          : await db
              .select({ key: socialFindings.avatar_key })
              .from(socialFindings)
              .where(and(eq(socialFindings.scan_id, scanId), eq(socialFindings.id, findingId)));
      return row?.key ?? null;
    },
    /** Scores of the scan's domain findings named, with what the hard-evidence rule reads. */
    domainScores(tx: DbOrTx, scanId: string, ids: string[]) {
      return tx
        .select({
          id: domainFindings.id,
          score: domainFindings.score,
          threat_feed_hits: domainFindings.threat_feed_hits,
          login_form: domainFindings.login_form,
          password_form: domainFindings.password_form,
          brand_in_page: domainFindings.brand_in_page,
          brand_in_cert: domainFindings.brand_in_cert,
        })
        .from(domainFindings)
        .where(and(eq(domainFindings.scan_id, scanId), inArray(domainFindings.id, ids)));
    },
    socialScores(tx: DbOrTx, scanId: string, ids: string[]) {
      return tx
        .select({ id: socialFindings.id, score: socialFindings.score })
        .from(socialFindings)
        .where(and(eq(socialFindings.scan_id, scanId), inArray(socialFindings.id, ids)));
    },
    /** Stores an AI verdict and the score it led to. */
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

export type AiAuditRepository = ReturnType<typeof createAiAuditRepository>;
