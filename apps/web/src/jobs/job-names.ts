/** Names of the web application's background jobs (contract 4.4); each is defined in its own file. */
export const ENRICH_DOMAIN_JOB = "enrich_domain";
export const ENRICH_SOCIAL_HANDLE_JOB = "enrich_social_handle";
export const EXPAND_KEYWORDS_JOB = "expand_keywords";
export const REPORT_JOB = "report_generation";
export const WEBHOOK_JOB = "webhook_delivery";
export const WEEKLY_RESCAN_JOB = "weekly_rescan";
