import { and, desc, gte, isNotNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { domainFindings, feedbackLabels, scoringWeights } from "../../db/schema.ts";

export type WeightRow = typeof scoringWeights.$inferSelect;

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

    async recentFeedback(limit: number) {
      return db
        .select()
        .from(feedbackLabels)
        .orderBy(desc(feedbackLabels.created_at), desc(feedbackLabels.id))
        .limit(limit);
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
        })
        .from(domainFindings)
        .where(and(isNotNull(domainFindings.campaign_id), gte(domainFindings.created_at, since)))
        .orderBy(desc(domainFindings.created_at), desc(sql`${domainFindings.id}`))
        .limit(limit);
    },
  };
}

export type ScoringRepository = ReturnType<typeof createScoringRepository>;
