import { z } from "zod";
import { ZFindingKind, ZId, ZIsoDate, ZLabel, ZScore, ZSeverity } from "./common.ts";
import { ZAiVerdict } from "./findings.ts";

export const ZWeights = z.record(z.string().min(1).max(100), z.number().finite().min(-1000).max(1000));
export type TWeights = z.infer<typeof ZWeights>;

const ZWeightSource = z.enum(["manual", "learned"]);

/**
 * `GET /v1/scoring/weights[?user_id=]` and the body returned by PUT. Version 0 means built-in
 * defaults. `user_id`: whose set it is (null: the platform's, which scores every user without
 * a set of their own); versions count per scope.
 */
export const ZWeightSet = z.object({
  version: z.number().int().min(0),
  weights: ZWeights,
  source: ZWeightSource,
  sample_size: z.number().int().min(0),
  user_id: ZId.nullable().optional(),
});
export type TWeightSet = z.infer<typeof ZWeightSet>;

/** `PUT /v1/scoring/weights` body; stored version = max(latest + 1, requested, 1). */
export const ZWeightSetPut = z.object({
  weights: ZWeights,
  version: z.number().int().min(0).optional(),
  sample_size: z.number().int().min(0).optional(),
});
export type TWeightSetPut = z.infer<typeof ZWeightSetPut>;

const ZFeedbackSample = z.object({
  kind: ZFindingKind,
  finding_id: ZId,
  label: ZLabel,
  reason: z.string().nullable(),
  /** Signal evidence values (null: unknown) of the finding when it was labelled. */
  signals: z.record(z.string(), z.number().nullable()),
  ai_verdict: ZAiVerdict.nullable(),
  ai_confidence: z.number().min(0).max(1).nullable(),
  adjusted_score: ZScore.nullable(),
  campaign_id: z.string().nullable(),
  created_at: ZIsoDate,
  /** Who labelled it: a shared (platform) sample caps each user's share (sample-share.ts). */
  user_id: ZId.optional(),
});
export type TFeedbackSample = z.infer<typeof ZFeedbackSample>;

export const FEEDBACK_SAMPLES_LIMIT = 500;
export const ZFeedbackSamplesResponse = z.object({
  samples: z.array(ZFeedbackSample).max(FEEDBACK_SAMPLES_LIMIT),
});

const ZCampaignCluster = z.object({
  campaign_id: z.string(),
  size: z.number().int().min(1),
  domains: z.array(z.string()),
  keys: z.array(z.string()),
  earliest_registration: ZIsoDate.nullable(),
  latest_registration: ZIsoDate.nullable(),
  /** What a person can say: "Hostinger 127.20.80.1 · registered Oct 25–27 · 9 domains". */
  name: z.string().max(300).optional(),
  /** "attack": one actor's lookalikes; "defensive": probably the brand's own registrations. */
  kind: z.enum(["attack", "defensive"]).optional(),
  /** The shared keys in plain words, with how many members hold each. */
  evidence: z.array(z.object({ key: z.string(), text: z.string(), members: z.number().int() })).optional(),
  worst_severity: ZSeverity.nullable().optional(),
});
export type TCampaignCluster = z.infer<typeof ZCampaignCluster>;

export const CAMPAIGN_STATS_DAYS = 30;
export const CAMPAIGN_STATS_MAX_FINDINGS = 2000;
export const ZCampaignStatsResponse = z.object({ clusters: z.array(ZCampaignCluster) });

/**
 * `POST /v1/scoring/key_history`: for each campaign key, how many distinct domains outside
 * `exclude_domains` held it in findings of the last KEY_HISTORY_DAYS (every user's scans: only
 * counts are returned). A key seen on many is shared infrastructure (campaigns/weights.ts).
 * Kinds counted: ip, ns, mx, cert, page, favicon; other keys are answered 0.
 */
export const KEY_HISTORY_DAYS = 365;
export const KEY_HISTORY_MAX_KEYS = 5000;
export const ZKeyHistoryRequest = z.object({
  keys: z.array(z.string().min(3).max(2000)).max(KEY_HISTORY_MAX_KEYS),
  exclude_domains: z.array(z.string().min(1).max(253)).max(50_000),
});
export type TKeyHistoryRequest = z.infer<typeof ZKeyHistoryRequest>;
export const ZKeyHistoryResponse = z.object({ counts: z.record(z.string(), z.number().int().min(0)) });
export type TKeyHistoryResponse = z.infer<typeof ZKeyHistoryResponse>;
