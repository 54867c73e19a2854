import { describeCampaign, isDefensiveCampaign } from "@brandwarden/contract/campaign-describe";
import { perUserCap } from "@brandwarden/contract/sample-share";
import type { TTriageLearnerStatus } from "@brandwarden/contract/browser/triage";
import { notFound } from "@brandwarden/platform/http/app-error";
import { SEVERITIES, type TSeverity } from "@brandwarden/contract/common";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import {
  CAMPAIGN_STATS_DAYS,
  CAMPAIGN_STATS_MAX_FINDINGS,
  FEEDBACK_SAMPLES_LIMIT,
  KEY_HISTORY_DAYS,
  type TCampaignCluster,
  type TKeyHistoryRequest,
  type TKeyHistoryResponse,
  type TFeedbackSample,
  type TWeightSet,
  type TWeightSetPut,
} from "@brandwarden/contract/scoring";
import type { Db } from "../../db/client.ts";
import { createKeyHistoryRepository, type KeyHistoryRepository } from "./key-history.repository.ts";
import type { LabelScope, ScoringRepository } from "./scoring.repository.ts";
import type { WeightRow } from "../../db/rows.ts";

/** Key kinds whose history is counted (the others are no evidence over time). */
const HISTORY_KINDS = new Set(["ip", "ns", "mx", "cert", "page", "favicon"]);

const presentWeights = (row: WeightRow): TWeightSet => ({
  version: row.version,
  weights: row.weights,
  source: row.source,
  sample_size: row.sample_size,
  user_id: row.user_id,
});

const DEFAULT_SET: TWeightSet = {
  version: 0,
  weights: { ...DEFAULT_DOMAIN_WEIGHTS },
  source: "manual",
  sample_size: 0,
  user_id: null,
};

/** The shared (platform) sample: at most this many labels of one trusted account (20 %). */
const PER_USER_IN_SHARED_SAMPLE = perUserCap(FEEDBACK_SAMPLES_LIMIT);

/** Stored version = max(latest + 1, requested, 1): never decreasing, never reused. */
function nextWeightVersion(latest: number | null, requested: number | undefined): number {
  return Math.max((latest ?? 0) + 1, requested ?? 0, 1);
}

/** What the learner still needs (contract rule 7, counted as the learner counts: one per labelled finding, at most 500). */
export interface LearnerStatus {
  labeled_samples: number;
  min_labeled_samples: number;
  labels_needed: number;
}

/**
 * The scope of the internal scoring endpoints: a user id (`?user_id=`, that tenant's weights,
 * labels and campaigns) or undefined (the platform: trusted accounts' labels and campaigns).
 */
type Scope = string | undefined;

export function createScoringService(deps: {
  db: Db;
  repo: ScoringRepository;
  users: {
    findById(id: string): Promise<{ id: string } | null>;
    trustedUserIds(): Promise<string[]>;
  };
  clock?: () => Date;
  /** MIN_LABELED_SAMPLES, as the worker's learner is configured (default 10). */
  minLabeledSamples?: number;
  /** Key rarity over time (default: the one on `db`). */
  keyHistory?: KeyHistoryRepository;
}) {
  const now = deps.clock ?? (() => new Date());
  const min = deps.minLabeledSamples ?? 10;
  const keyHistory = deps.keyHistory ?? createKeyHistoryRepository(deps.db);

  /** A named user must exist (404 otherwise). */
  async function checkUser(userId: Scope): Promise<void> {
    if (userId !== undefined && !(await deps.users.findById(userId))) throw notFound("User");
  }

  /** The labels a scope learns from: the user's own, or trusted accounts' (each capped). */
  async function labelScope(userId: Scope): Promise<LabelScope> {
    if (userId !== undefined) return { userId };
    return { userIds: await deps.users.trustedUserIds(), perUser: PER_USER_IN_SHARED_SAMPLE };
  }

  async function platformWeights(): Promise<TWeightSet> {
    const latest = await deps.repo.latestWeights();
    return latest ? presentWeights(latest) : { ...DEFAULT_SET, weights: { ...DEFAULT_SET.weights } };
  }

  /** The set that scores a user's scans: their own learned set, else the platform's. */
  async function weightsFor(userId: Scope): Promise<TWeightSet> {
    if (userId === undefined) return platformWeights();
    const own = await deps.repo.latestWeights(undefined, userId);
    return own ? presentWeights(own) : platformWeights();
  }

  async function learnerStatus(userId: Scope): Promise<LearnerStatus> {
    const count = await deps.repo.labelledFindingCount(await labelScope(userId));
    const labeled = Math.min(count, FEEDBACK_SAMPLES_LIMIT);
    return { labeled_samples: labeled, min_labeled_samples: min, labels_needed: Math.max(0, min - labeled) };
  }

  async function store(
    source: "manual" | "learned",
    input: { weights: TWeightSetPut["weights"]; version?: number; sample_size?: number },
    userId: string | null = null,
  ): Promise<TWeightSet> {
    // Two writers storing at once race for the same version; the primary key makes the
    // loser retry with the next one.
    for (let attempt = 0; ; attempt++) {
      try {
        const stored = await deps.db.transaction(async (tx) => {
          const latest = await deps.repo.latestWeights(tx, userId);
          return deps.repo.insertWeights(tx, {
            user_id: userId,
            version: nextWeightVersion(latest?.version ?? null, input.version),
            weights: input.weights,
            source,
            sample_size: input.sample_size ?? 0,
          });
        });
        return presentWeights(stored);
      } catch (err) {
        if (attempt >= 4 || !isUniqueViolation(err)) throw err;
      }
    }
  }

  return {
    /** `GET /v1/scoring/weights[?user_id=]`: the platform's set, or the one scoring that user's scans. */
    async currentWeights(userId?: string): Promise<TWeightSet> {
      await checkUser(userId);
      return weightsFor(userId);
    },

    /** The learner's PUT: stored with source `learned`, in the platform's scope or the user's. */
    async storeWeights(input: TWeightSetPut, userId?: string): Promise<TWeightSet> {
      await checkUser(userId);
      return store("learned", input, userId ?? null);
    },

    /** An admin's hand-edited platform set (contract rule 8): source `manual`, same version rule. */
    storeManualWeights: (input: { weights: TWeightSetPut["weights"]; version?: number }) =>
      store("manual", { weights: input.weights, version: input.version, sample_size: 0 }),

    /** The platform learner's labels (trusted accounts', each capped): the admin weights page. */
    learnerStatus: () => learnerStatus(undefined),

    /** How many trusted accounts train the platform's set. */
    trustedUsers: async () => (await deps.users.trustedUserIds()).length,

    /**
     * The triage page's account of a user's scoring: which set scores their findings (their own
     * learned set, or the platform's) and how many of their own labels the learner has.
     */
    async userLearnerStatus(userId: string): Promise<TTriageLearnerStatus> {
      const [status, set] = await Promise.all([learnerStatus(userId), weightsFor(userId)]);
      return {
        ...status,
        weights: {
          scope: set.user_id ? "own" : "platform",
          version: set.version,
          source: set.source,
          sample_size: set.sample_size,
        },
      };
    },

    /** `GET /v1/scoring/feedback_samples[?user_id=]`: the user's labels, or the trusted accounts'. */
    async feedbackSamples(userId?: string): Promise<TFeedbackSample[]> {
      await checkUser(userId);
      const rows = await deps.repo.recentFeedback(await labelScope(userId), FEEDBACK_SAMPLES_LIMIT);
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
        user_id: r.user_id,
      }));
    },

    /**
     * For each key, the distinct domains outside the asking scan that held it in the last
     * KEY_HISTORY_DAYS (0 when none, or for a kind not counted).
     */
    async keyHistory(input: TKeyHistoryRequest): Promise<TKeyHistoryResponse> {
      const since = new Date(now().getTime() - KEY_HISTORY_DAYS * 86_400_000);
      const keys = [...new Set(input.keys)];
      const counted = keys.filter((k) => HISTORY_KINDS.has(k.slice(0, k.indexOf(":"))));
      const found = await keyHistory.distinctDomainsPerKey(counted, input.exclude_domains, since);
      return { counts: Object.fromEntries(keys.map((k) => [k, found.get(k) ?? 0])) };
    },

    /** `GET /v1/scoring/campaign_stats[?user_id=]`: the user's clusters, or the trusted accounts'. */
    async campaignStats(userId?: string): Promise<TCampaignCluster[]> {
      await checkUser(userId);
      const since = new Date(now().getTime() - CAMPAIGN_STATS_DAYS * 86_400_000);
      const users = userId !== undefined ? [userId] : await deps.users.trustedUserIds();
      const members = await deps.repo.recentCampaignMembers(users, since, CAMPAIGN_STATS_MAX_FINDINGS);
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
  registrar?: string | null;
  asn_org?: string | null;
  severity?: string | null;
  adjusted_severity?: string | null;
};

const asSeverity = (s: string | null | undefined): TSeverity | null =>
  s && (SEVERITIES as readonly string[]).includes(s) ? (s as TSeverity) : null;

/**
 * Groups campaign members by (scan, campaign) into the contract's cluster summaries, each with
 * its name, kind, evidence in words and worst severity. The brand's own registrations (defensive
 * groups) are not campaigns and are left out.
 */
function clusterMembers(members: Member[]): TCampaignCluster[] {
  const groups = new Map<string, { id: string; campaign_id: string; members: Member[] }>();
  for (const m of members) {
    if (!m.campaign_id || isDefensiveCampaign(m.campaign_id)) continue;
    const groupKey = `${m.scan_id}/${m.campaign_id}`;
    const g = groups.get(groupKey) ?? { id: groupKey, campaign_id: m.campaign_id, members: [] };
    g.members.push(m);
    groups.set(groupKey, g);
  }
  return [...groups.values()]
    .map((g): TCampaignCluster => {
      const d = describeCampaign(
        g.campaign_id,
        g.members.map((m) => ({
          ...m,
          severity: asSeverity(m.severity),
          adjusted_severity: asSeverity(m.adjusted_severity),
        })),
      );
      const domains = [...new Set(g.members.map((m) => m.domain))].sort();
      return {
        campaign_id: g.id,
        size: domains.length,
        domains,
        keys: [...new Set(g.members.flatMap((m) => m.campaign_keys ?? []))].sort(),
        ...d,
      };
    })
    .sort((a, b) => b.size - a.size || a.campaign_id.localeCompare(b.campaign_id));
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export type ScoringService = ReturnType<typeof createScoringService>;
