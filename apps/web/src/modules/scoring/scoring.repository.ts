import { and, desc, eq, gte, isNotNull, lt, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client.ts";
import { domainFindings, feedbackLabels, scoringWeights } from "../../db/schema.ts";
import type { WeightRow } from "../../db/rows.ts";

export function createScoringRepository(db: Db) {
  return {
    async latestWeights(tx: DbOrTx = db): Promise<WeightRow | null> {
      const rows = await tx.select().from(scoringWeights).orderBy(desc(scoringWeights.version)).limit(1);
      return rows[0] ?? null;
    },

    async insertWeights(tx: DbOrTx, row: typeof scoringWeights.$inferInsert): Promise<WeightRow> {
      const [stored] = await tx.insert(scoringWeights).values(row).returning();
      return stored!;
    },

    /** The set stored just before `version` (what a newer set replaced), if any. */
    async weightsBefore(version: number): Promise<WeightRow | null> {
      const rows = await db
        .select()
        .from(scoringWeights)
        .where(lt(scoringWeights.version, version))
        .orderBy(desc(scoringWeights.version))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The newest weight sets of one source, newest first. */
    async weightsBySource(source: "manual" | "learned", limit: number): Promise<WeightRow[]> {
      return db
        .select()
        .from(scoringWeights)
        .where(eq(scoringWeights.source, source))
        .orderBy(desc(scoringWeights.version))
        .limit(limit);
    },

    /**
     * Each labelled finding's newest label, newest first: relabelling appends a sample (the
     * history stays), but the learner must see one label per finding, not both.
     */
    async recentFeedback(limit: number) {
      const newer = alias(feedbackLabels, "newer");
      return db
        .select()
        .from(feedbackLabels)
        .where(
          notExists(
            db
              .select({ one: sql`1` })
              .from(newer)
              .where(
                and(
                  eq(newer.kind, feedbackLabels.kind),
                  eq(newer.finding_id, feedbackLabels.finding_id),
                  sql`(${newer.created_at}, ${newer.id}) > (${feedbackLabels.created_at}, ${feedbackLabels.id})`,
                ),
              ),
          ),
        )
        .orderBy(desc(feedbackLabels.created_at), desc(feedbackLabels.id))
        .limit(limit);
    },

    /** How many findings carry a label (each counted once, whatever its relabellings). */
    async labelledFindingCount(): Promise<number> {
      const [row] = await db
        .select({
          n: sql<number>`count(distinct (${feedbackLabels.kind}, ${feedbackLabels.finding_id}))::int`,
        })
        .from(feedbackLabels);
      return Number(row?.n ?? 0);
    },

    /** Campaign members created since `since`, newest first, at most `limit` findings. */
    async recentCampaignMembers(since: Date, limit: number) {
      return db
        .select({
          scan_id: domainFindings.scan_id,
          campaign_id: domainFindings.campaign_id,
          domain: domainFindings.domain,
          campaign_keys: domainFindings.campaign_keys,
          registration_created: domainFindings.registration_created,
          registrar: domainFindings.registrar,
          asn_org: domainFindings.asn_org,
          severity: domainFindings.severity,
          adjusted_severity: domainFindings.adjusted_severity,
        })
        .from(domainFindings)
        .where(and(isNotNull(domainFindings.campaign_id), gte(domainFindings.created_at, since)))
        .orderBy(desc(domainFindings.created_at), desc(sql`${domainFindings.id}`))
        .limit(limit);
    },
  };
}

export type ScoringRepository = ReturnType<typeof createScoringRepository>;
