import {
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client.ts";
import { domainFindings, feedbackLabels, scoringWeights } from "../../db/schema.ts";
import type { WeightRow } from "../../db/rows.ts";

/** Whose weight sets: null is the platform's, a user id that user's own. */
type WeightScope = string | null;

const ofScope = (userId: WeightScope) =>
  userId ? eq(scoringWeights.user_id, userId) : isNull(scoringWeights.user_id);

/** Whose labels: one user's, or a set of users' with at most `perUser` each (a shared sample). */
export type LabelScope = { userId: string } | { userIds: readonly string[]; perUser: number };

export function createScoringRepository(db: Db) {
  /** Each labelled finding's newest label only (relabelling appends; the learner sees the last). */
  const newestLabel = () => {
    const newer = alias(feedbackLabels, "newer");
    return notExists(
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
    );
  };
  const labelsOf = (scope: LabelScope) =>
    "userId" in scope
      ? eq(feedbackLabels.user_id, scope.userId)
      : inArray(feedbackLabels.user_id, [...scope.userIds]);

  return {
    async latestWeights(tx: DbOrTx = db, userId: WeightScope = null): Promise<WeightRow | null> {
      const rows = await tx
        .select()
        .from(scoringWeights)
        .where(ofScope(userId))
        .orderBy(desc(scoringWeights.version))
        .limit(1);
      return rows[0] ?? null;
    },

    async insertWeights(tx: DbOrTx, row: typeof scoringWeights.$inferInsert): Promise<WeightRow> {
      const [stored] = await tx.insert(scoringWeights).values(row).returning();
      return stored!;
    },

    /** The platform set stored just before `version` (what a newer set replaced), if any. */
    async weightsBefore(version: number): Promise<WeightRow | null> {
      const rows = await db
        .select()
        .from(scoringWeights)
        .where(and(isNull(scoringWeights.user_id), lt(scoringWeights.version, version)))
        .orderBy(desc(scoringWeights.version))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The newest platform weight sets of one source, newest first. */
    async weightsBySource(source: "manual" | "learned", limit: number): Promise<WeightRow[]> {
      return db
        .select()
        .from(scoringWeights)
        .where(and(isNull(scoringWeights.user_id), eq(scoringWeights.source, source)))
        .orderBy(desc(scoringWeights.version))
        .limit(limit);
    },

    /**
     * Each labelled finding's newest label, newest first, of the scope's users; in a shared
     * scope each user's newest `perUser` only, so no one fills the sample.
     */
    async recentFeedback(scope: LabelScope, limit: number) {
      if ("userIds" in scope && scope.userIds.length === 0) return [];
      const ranked = db
        .select({
          ...getTableColumns(feedbackLabels),
          rank: sql<number>`row_number() over (partition by ${feedbackLabels.user_id} order by ${feedbackLabels.created_at} desc, ${feedbackLabels.id} desc)`.as(
            "rank",
          ),
        })
        .from(feedbackLabels)
        .where(and(labelsOf(scope), newestLabel()))
        .as("ranked");
      const perUser = "perUser" in scope ? scope.perUser : limit;
      const { rank: _rank, ...columns } = ranked._.selectedFields;
      return db
        .select(columns)
        .from(ranked)
        .where(lte(ranked.rank, perUser))
        .orderBy(desc(ranked.created_at), desc(ranked.id))
        .limit(limit);
    },

    /** How many findings of the scope's users carry a label (each counted once), at most `perUser` each. */
    async labelledFindingCount(scope: LabelScope): Promise<number> {
      if ("userIds" in scope && scope.userIds.length === 0) return 0;
      const perUser = "perUser" in scope ? scope.perUser : Number.MAX_SAFE_INTEGER;
      const rows = await db
        .select({
          n: sql<number>`count(distinct (${feedbackLabels.kind}, ${feedbackLabels.finding_id}))::int`,
        })
        .from(feedbackLabels)
        .where(labelsOf(scope))
        .groupBy(feedbackLabels.user_id);
      return rows.reduce((sum, r) => sum + Math.min(Number(r.n), perUser), 0);
    },

    /** Campaign members of these users' findings created since `since`, newest first, at most `limit`. */
    async recentCampaignMembers(userIds: readonly string[], since: Date, limit: number) {
      if (userIds.length === 0) return [];
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
        .where(
          and(
            inArray(domainFindings.user_id, [...userIds]),
            isNotNull(domainFindings.campaign_id),
            gte(domainFindings.created_at, since),
          ),
        )
        .orderBy(desc(domainFindings.created_at), desc(sql`${domainFindings.id}`))
        .limit(limit);
    },
  };
}

export type ScoringRepository = ReturnType<typeof createScoringRepository>;
