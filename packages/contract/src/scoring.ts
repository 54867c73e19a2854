import { z } from "zod";
import { ZFindingKind, ZId, ZIsoDate, ZLabel, ZScore } from "./common.ts";
import { ZAiVerdict } from "./findings.ts";

export const ZWeights = z.record(z.string().min(1).max(100), z.number().finite().min(-1000).max(1000));
export type TWeights = z.infer<typeof ZWeights>;

export const ZWeightSource = z.enum(["manual", "learned"]);

/** `GET /v1/scoring/weights` and the body returned by PUT. Version 0 means built-in defaults. */
export const ZWeightSet = z.object({
  version: z.number().int().min(0),
  weights: ZWeights,
  source: ZWeightSource,
  sample_size: z.number().int().min(0),
});
export type TWeightSet = z.infer<typeof ZWeightSet>;

/** `PUT /v1/scoring/weights` body; stored version = max(latest + 1, requested, 1). */
export const ZWeightSetPut = z.object({
  weights: ZWeights,
  version: z.number().int().min(0).optional(),
  sample_size: z.number().int().min(0).optional(),
});
export type TWeightSetPut = z.infer<typeof ZWeightSetPut>;

export const ZFeedbackSample = z.object({
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
});
export type TFeedbackSample = z.infer<typeof ZFeedbackSample>;

export const FEEDBACK_SAMPLES_LIMIT = 500;
export const ZFeedbackSamplesResponse = z.object({
  samples: z.array(ZFeedbackSample).max(FEEDBACK_SAMPLES_LIMIT),
});

export const ZCampaignCluster = z.object({
  campaign_id: z.string(),
  size: z.number().int().min(1),
  domains: z.array(z.string()),
  keys: z.array(z.string()),
  earliest_registration: ZIsoDate.nullable(),
  latest_registration: ZIsoDate.nullable(),
});
export type TCampaignCluster = z.infer<typeof ZCampaignCluster>;

export const CAMPAIGN_STATS_DAYS = 30;
export const CAMPAIGN_STATS_MAX_FINDINGS = 2000;
export const ZCampaignStatsResponse = z.object({ clusters: z.array(ZCampaignCluster) });
