import { z } from "zod";
import { ZId, ZIsoDate, ZSeverity } from "./common.ts";
import { ZWatchFinding } from "./watch.ts";
import { ZFieldChange } from "./monitoring.ts";

/**
 * Alerts: something about a user's lookalikes moved and an analyst should look. Delivered as a
 * signed Standard Webhooks event to the user's webhook_url (the type is the event's `type`), by
 * e-mail when SMTP is configured, and in the alert feed.
 */
const ALERT_TYPES = [
  /** A watched name (a high-risk permutation or a pinned name) was registered. */
  "lookalike.registered",
  /** A tracked lookalike changed materially between watches (content, forms, DNS, score band). */
  "lookalike.changed",
  /** A discovery source other than permutations (Certificate Transparency) found a lookalike. */
  "lookalike.discovered",
  /** A lookalike whose takedown was requested no longer resolves or no longer serves its site. */
  "lookalike.down",
  /** A lookalike that was down is back. */
  "lookalike.reemerged",
  /** A scan ended with new, changed, reappeared or gone findings since the previous scan. */
  "findings.changed",
  /** A takedown case's report went to the abuse desks (e-mailed, or marked submitted by hand). */
  "takedown.sent",
  /** A takedown case's site stayed up past the escalation period: follow-ups and a report upward went out. */
  "takedown.escalated",
] as const;
export const ZAlertType = z.enum(ALERT_TYPES);
export type TAlertType = z.infer<typeof ZAlertType>;

const DELIVERY_STATUSES = ["pending", "delivered", "failed", "skipped"] as const;
const ZDeliveryStatus = z.enum(DELIVERY_STATUSES);

/**
 * What any source hands the alerts module (the generic entry point): the web app's own monitors,
 * and the worker through an `alert` event (its data, e.g. from the CT follower). A domain lookalike's
 * finding makes it tracked too.
 */
export const ZAlertRaise = z.object({
  user_id: ZId,
  type: ZAlertType,
  /** The domain, `platform:handle`, or the scan the alert is about. */
  subject: z.string().trim().min(1).max(300),
  title: z.string().trim().min(1).max(300).optional(),
  /** Why it matters, in a sentence or two (the signals that moved). */
  reason: z.string().trim().min(1).max(4000),
  severity: ZSeverity.nullable().optional(),
  /** The lookalike's evidence and score, when the source has them. */
  finding: ZWatchFinding.nullable().optional(),
  changes: z.array(ZFieldChange).max(200).optional(),
  /** Source-specific facts (certificate index, log, timestamps ...), passed through to receivers. */
  data: z.record(z.string().max(100), z.unknown()).optional(),
  /** Raising twice with one key gives one alert (sources retry). */
  dedupe_key: z.string().max(300).optional(),
});
export type TAlertRaise = z.infer<typeof ZAlertRaise>;

/** An alert as the feed, the webhook and the e-mail present it. */
export const ZAlert = z.object({
  id: ZId,
  type: ZAlertType,
  subject: z.string(),
  title: z.string(),
  reason: z.string(),
  severity: ZSeverity.nullable(),
  /** The page in the UI that shows what the alert is about (relative in the feed, absolute in webhooks and mail). */
  link: z.string(),
  finding_id: ZId.nullable(),
  scan_id: ZId.nullable(),
  lookalike_id: ZId.nullable(),
  data: z.record(z.string(), z.unknown()),
  read_at: ZIsoDate.nullable(),
  created_at: ZIsoDate,
  delivery: z.object({
    webhook: ZDeliveryStatus,
    email: ZDeliveryStatus,
    slack: ZDeliveryStatus,
    teams: ZDeliveryStatus,
  }),
});
export type TAlert = z.infer<typeof ZAlert>;
