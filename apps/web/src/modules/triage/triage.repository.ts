import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TFindingKind, TLabel } from "@brandwarden/contract/common";
import type { DbOrTx, Db } from "../../db/client.ts";
import { domainFindings, feedbackLabels, socialFindings } from "../../db/schema.ts";

export type FeedbackLabelInsert = typeof feedbackLabels.$inferInsert;

/** Labels on findings, the learner's feedback samples, and the unlabelled findings of a user. */
export function createTriageRepository(db: Db) {
  const table = (kind: TFindingKind) => (kind === "domain" ? domainFindings : socialFindings);
  return {
    /** The findings, locked until the transaction ends (a label and its sample go together). */
    lockFindings(tx: DbOrTx, kind: TFindingKind, ids: string[]) {
      const t = table(kind);
      return tx.select().from(t).where(inArray(t.id, ids)).for("update");
    },
    async setLabel(tx: DbOrTx, kind: TFindingKind, ids: string[], label: TLabel, reason: string | null) {
      const t = table(kind);
      await tx
        .update(t)
        .set({ label, label_reason: reason, labeled_at: sql`now()`, updated_at: sql`now()` })
        .where(inArray(t.id, ids));
    },
    async addFeedback(tx: DbOrTx, samples: FeedbackLabelInsert[]) {
      if (samples.length) await tx.insert(feedbackLabels).values(samples);
    },
    /** The user's unlabelled domain findings (of one scan, or all), worst first. */
    unlabelledDomain(userId: string, scanId: string | undefined, limit: number) {
      const worst = sql`coalesce(${domainFindings.adjusted_score}, ${domainFindings.score}, 0)`;
      return db
        .select()
        .from(domainFindings)
        .where(
          and(
            eq(domainFindings.user_id, userId),
            isNull(domainFindings.label),
            scanId ? eq(domainFindings.scan_id, scanId) : undefined,
          ),
        )
        .orderBy(desc(worst))
        .limit(limit);
    },
    /** The user's unlabelled social accounts that were found, worst first. */
    unlabelledSocial(userId: string, scanId: string | undefined, limit: number) {
      const worst = sql`coalesce(${socialFindings.adjusted_score}, ${socialFindings.score}, 0)`;
      return db
        .select()
        .from(socialFindings)
        .where(
          and(
            eq(socialFindings.user_id, userId),
            isNull(socialFindings.label),
            eq(socialFindings.status, "found"),
            scanId ? eq(socialFindings.scan_id, scanId) : undefined,
          ),
        )
        .orderBy(desc(worst))
        .limit(limit);
    },
  };
}

export type TriageRepository = ReturnType<typeof createTriageRepository>;
