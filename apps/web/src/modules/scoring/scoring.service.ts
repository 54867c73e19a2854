import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import {
  CAMPAIGN_STATS_DAYS,
  CAMPAIGN_STATS_MAX_FINDINGS,
  FEEDBACK_SAMPLES_LIMIT,
  type TCampaignCluster,
  type TFeedbackSample,
  type TWeightSet,
  type TWeightSetPut,
} from "@brandwarden/contract/scoring";
import type { Db } from "../../db/client.ts";
import type { ScoringRepository, WeightRow } from "./scoring.repository.ts";

const presentWeights = (row: WeightRow): TWeightSet => ({
  version: row.version,
  weights: row.weights,
  source: row.source,
  sample_size: row.sample_size,
});

/** Stored version = max(latest + 1, requested, 1): never decreasing, never reused. */
export function nextWeightVersion(latest: number | null, requested: number | undefined): number {
  return Math.max((latest ?? 0) + 1, requested ?? 0, 1);
}

export function createScoringService(deps: { db: Db; repo: ScoringRepository; clock?: () => Date }) {
  const now = deps.clock ?? (() => new Date());
  return {
    async currentWeights(): Promise<TWeightSet> {
      const latest = await deps.repo.latestWeights();
      if (latest) return presentWeights(latest);
      return { version: 0, weights: { ...DEFAULT_DOMAIN_WEIGHTS }, source: "manual", sample_size: 0 };
    },

    async storeWeights(input: TWeightSetPut): Promise<TWeightSet> {
      // Two learners storing at once race for the same version; the primary key makes the
      // loser retry with the next one.
      for (let attempt = 0; ; attempt++) {
        try {
          const stored = await deps.db.transaction(async (tx) => {
            const latest = await deps.repo.latestWeights(tx);
            return deps.repo.insertWeights(tx, {
              version: nextWeightVersion(latest?.version ?? null, input.version),
              weights: input.weights,
              source: "learned",
              sample_size: input.sample_size ?? 0,
            });
          });
          return presentWeights(stored);
        } catch (err) {
          if (attempt >= 4 || !isUniqueViolation(err)) throw err;
        }
      }
    },

    async feedbackSamples(): Promise<TFeedbackSample[]> {
      const rows = await deps.repo.recentFeedback(FEEDBACK_SAMPLES_LIMIT);
      return rows.map((r) => ({
        kind: r.kind,
        finding_id: r.finding_id,
        label: r.label,
        reason: r.reason,
        signals: r.signals,
        ai_verdict: (r.ai_verdict as TFeedbackSample["ai_verdict"]) ?? null,
        ai_confidence: r.ai_confidence,
        adjusted_score: r.adjusted_score,
        campaign_id: r.campaign_id,
        created_at: r.created_at.toISOString(),
      }));
    },

    async campaignStats(): Promise<TCampaignCluster[]> {
      const since = new Date(now().getTime() - CAMPAIGN_STATS_DAYS * 86_400_000);
      const members = await deps.repo.recentCampaignMembers(since, CAMPAIGN_STATS_MAX_FINDINGS);
      return clusterMembers(members);
    },
  };
}

type Member = {
  scan_id: string;
  campaign_id: string | null;
  domain: string;
  campaign_keys: string[] | null;
  registration_created: Date | null;
};

/** Groups campaign members by (scan, campaign) into the contract's cluster summaries. */
export function clusterMembers(members: Member[]): TCampaignCluster[] {
  const groups = new Map<string, { id: string; domains: Set<string>; keys: Set<string>; dates: number[] }>();
  for (const m of members) {
    if (!m.campaign_id) continue;
    const groupKey = `${m.scan_id}/${m.campaign_id}`;
    let g = groups.get(groupKey);
    if (!g) groups.set(groupKey, (g = { id: groupKey, domains: new Set(), keys: new Set(), dates: [] }));
    g.domains.add(m.domain);
    for (const k of m.campaign_keys ?? []) g.keys.add(k);
    if (m.registration_created) g.dates.push(m.registration_created.getTime());
  }
  return [...groups.values()]
    .map((g) => ({
      campaign_id: g.id,
      size: g.domains.size,
      domains: [...g.domains].sort(),
      keys: [...g.keys].sort(),
      earliest_registration: g.dates.length ? new Date(Math.min(...g.dates)).toISOString() : null,
      latest_registration: g.dates.length ? new Date(Math.max(...g.dates)).toISOString() : null,
    }))
    .sort((a, b) => b.size - a.size || a.campaign_id.localeCompare(b.campaign_id));
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export type ScoringService = ReturnType<typeof createScoringService>;
