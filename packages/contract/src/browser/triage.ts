import { z } from "zod";
import { ZFindingKind, ZId, ZLabel } from "../common.ts";
import { ZDomainFindingView, ZSocialFindingView } from "./findings.ts";

/** Analyst labels (one finding or many) and the queue of unlabelled findings (`/triage/*`). */

const ZReason = z.string().trim().max(2000).nullable().optional();

/** `POST /triage/feedback`. */
export const ZFeedbackRequest = z.object({
  kind: ZFindingKind,
  finding_id: ZId,
  label: ZLabel,
  reason: ZReason,
});

/** `POST /triage/bulk_feedback`: up to 500 findings of one kind, one label. */
export const ZBulkFeedbackRequest = z.object({
  kind: ZFindingKind,
  finding_ids: z.array(ZId).min(1).max(500),
  label: ZLabel,
  reason: ZReason,
});

/** `GET /triage/queue[?scan_id=]`. */
export const ZTriageQueueQuery = z.object({ scan_id: ZId.optional() });

/** How many labels the learner has and still needs before it trains (contract rule 7). */
export const ZLearnerStatus = z.object({
  labeled_samples: z.number().int().min(0),
  min_labeled_samples: z.number().int().min(0),
  labels_needed: z.number().int().min(0),
});
export type TLearnerStatus = z.infer<typeof ZLearnerStatus>;

/**
 * The weight set that scores this user's findings and why: `own` (learned from this user's
 * labels alone, once they reach MIN_LABELED_SAMPLES) or `platform` (an admin's set, or one
 * learned from trusted accounts' labels). `labeled_samples` counts this user's labels only.
 */
const ZTriageLearnerStatus = ZLearnerStatus.extend({
  weights: z.object({
    scope: z.enum(["own", "platform"]),
    version: z.number().int().min(0),
    source: z.enum(["manual", "learned"]),
    sample_size: z.number().int().min(0),
  }),
});
export type TTriageLearnerStatus = z.infer<typeof ZTriageLearnerStatus>;

/** The answer to a label (one or bulk), with where the learner stands now. */
export const ZLabelResult = z.object({
  labeled: z.number().int().min(0),
  label: ZLabel,
  learner: ZTriageLearnerStatus,
});
export type TLabelResult = z.infer<typeof ZLabelResult>;

const ZTriageItem = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("domain"), score: z.number(), finding: ZDomainFindingView }),
  z.object({ kind: z.literal("social"), score: z.number(), finding: ZSocialFindingView }),
]);
export type TTriageItem = z.infer<typeof ZTriageItem>;

/** `GET /triage/queue`: the worst unlabelled findings first; `learner` counts this user's labels. */
export const ZTriageQueue = z.object({ items: z.array(ZTriageItem), learner: ZTriageLearnerStatus });
