import { z } from "zod";

/**
 * What each background job is given (names: `job-names.ts`): the job's definition parses it;
 * modules that enqueue a job build its payload with the `T…Job` type. A leaf like the names.
 */

/** `enrich_domain`: profile one owned domain for the profile generation it was saved with. */
export const ZEnrichDomainJob = z.object({ owned_domain_id: z.uuid(), generation: z.number().int().min(0) });

/** `enrich_social_handle`: profile one of the brand's own social handles. */
export const ZEnrichSocialHandleJob = z.object({
  social_handle_id: z.uuid(),
  generation: z.number().int().min(0),
});

/** `expand_keywords`: derive keywords from the user's brand profile. */
export const ZExpandKeywordsJob = z.object({ user_id: z.uuid() });

/**
 * `report_generation`: both PDFs of a completed scan, then its `scan.completed` webhook;
 * `refresh`: a ready report made again (its takedown cases changed), without the webhook.
 */
export const ZReportJob = z.object({ scan_id: z.uuid(), refresh: z.boolean().optional() });
export type TReportJob = z.infer<typeof ZReportJob>;

/** `webhook_delivery`: the scan's webhook to the user's URL. */
export const ZWebhookJob = z.object({ scan_id: z.uuid(), event: z.enum(["scan.completed", "scan.failed"]) });
export type TWebhookJob = z.infer<typeof ZWebhookJob>;

/** `weekly_rescan` (scheduled): rescan every user whose newest scan is older than the interval. */
export const ZWeeklyRescanJob = z.object({ interval_ms: z.number().int().positive() });

/** `alert_delivery`: one alert to the user's webhook and e-mail. */
export const ZAlertDeliveryJob = z.object({ alert_id: z.uuid() });

/** `watch` (scheduled): a watch round for every user with an owned domain; takes nothing. */
export const ZWatchJob = z.object({}).passthrough();

/** `takedown_evidence`: the worker captures a case's evidence pack and finds its recipients. */
export const ZTakedownEvidenceJob = z.object({ case_id: z.uuid() });
export type TTakedownEvidenceJob = z.infer<typeof ZTakedownEvidenceJob>;

/** `takedown_send`: a case's report e-mailed to the recipients marked `sending`. */
export const ZTakedownSendJob = z.object({
  case_id: z.uuid(),
  recipient_ids: z.array(z.uuid()).min(1).max(20),
});
export type TTakedownSendJob = z.infer<typeof ZTakedownSendJob>;

/** `takedown_check` (scheduled): every chased or down case checked, escalated when due; takes nothing. */
export const ZTakedownCheckJob = z.object({}).passthrough();
