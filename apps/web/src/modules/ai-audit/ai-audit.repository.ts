import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { domainFindings, socialFindings } from "../../db/schema.ts";

/**
 * The AI audit's queries: the scores (and hard evidence) of the findings a verdict names, and the
 * verdict stored on its finding with the score it led to.
 */
export function createAiAuditRepository() {
  return {
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
