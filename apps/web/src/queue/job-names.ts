/**
 * Names of the web application's background jobs (contract 4.4), for whoever enqueues one and for
 * its definition. A leaf: it imports nothing of the app, so modules enqueue jobs without depending
 * on the job definitions (which depend on the modules). Payloads: `job-payloads.ts`.
 */
export const ENRICH_DOMAIN_JOB = "enrich_domain";
export const ENRICH_SOCIAL_HANDLE_JOB = "enrich_social_handle";
export const EXPAND_KEYWORDS_JOB = "expand_keywords";
export const REPORT_JOB = "report_generation";
export const WEBHOOK_JOB = "webhook_delivery";
export const WEEKLY_RESCAN_JOB = "weekly_rescan";
export const ALERT_DELIVERY_JOB = "alert_delivery";
export const WATCH_JOB = "watch";
export const TAKEDOWN_EVIDENCE_JOB = "takedown_evidence";
export const TAKEDOWN_SEND_JOB = "takedown_send";
export const TAKEDOWN_CHECK_JOB = "takedown_check";
