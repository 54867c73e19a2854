/**
 * Takedown cases (issue 29): one per lookalike, from opening to the site being down.
 *
 * - `POST /takedowns/cases {finding_id}` (a domain finding) or `{social_finding_id}`: 201 with the
 *   new case; 200 with the open one when the lookalike already has a case that is not ended
 *   (`down` and `withdrawn` end a case; a `reemerged` one is open again).
 * - `POST /takedowns/cases/bulk {finding_ids}`: opens (or finds) a case for each: `{cases, opened}`.
 * - `GET /takedowns/cases[?state=&page=]`: the user's cases, newest first (`ZTakedownCaseList`).
 * - `GET /takedowns/cases/:case_id`: one case. `GET /takedowns/cases/:case_id/evidence`: the WARC
 *   (`application/warc`, gzip per record), owner only.
 * - `PUT /takedowns/cases/:case_id/recipients {recipients}`: the analyst's list, while the case
 *   can be sent (`open`, `reemerged`).
 * - `POST /takedowns/cases/:case_id/send {recipient_ids?, manual?}`: 202; e-mails each chosen
 *   recipient (all e-mail recipients when none are named). `manual: true` records that the
 *   analyst sent it by hand (no SMTP needed). 422 without a recipient or without SMTP (saying so).
 * - `POST /takedowns/cases/:case_id/withdraw {reason?}`: ends the case.
 * - `GET /takedowns/stats`: `ZTakedownStats`.
 */
import { z } from "zod";
import { ZDomainName, ZFindingKind, ZId, ZIsoDate } from "../common.ts";
import {
  DOWN_HOWS,
  RECIPIENT_CHANNELS,
  RECIPIENT_ROLES,
  RECIPIENT_SOURCES,
  RECIPIENT_STATES,
  TAKEDOWN_STATES,
} from "../takedown-words.ts";

export const ZTakedownState = z.enum(TAKEDOWN_STATES);
export const ZRecipientRole = z.enum(RECIPIENT_ROLES);
const ZRecipientSource = z.enum(RECIPIENT_SOURCES);
const ZRecipientChannel = z.enum(RECIPIENT_CHANNELS);
export const ZDownHow = z.enum(DOWN_HOWS);

/** An e-mail address, or for `form` an https URL. */
const ZRecipientAddress = z.string().trim().min(3).max(500);

/** A recipient as found: who, where to write, and where that came from. */
export const ZRecipientContact = z.object({
  role: ZRecipientRole,
  organisation: z.string().trim().min(1).max(300),
  address: ZRecipientAddress,
  channel: ZRecipientChannel,
  source: ZRecipientSource,
});
export type TRecipientContact = z.infer<typeof ZRecipientContact>;

const ZCaseRecipient = ZRecipientContact.extend({
  recipient_id: ZId,
  state: z.enum(RECIPIENT_STATES),
  /** The `Message-ID` of the report sent to this recipient. */
  message_id: z.string().nullable(),
  sent_at: ZIsoDate.nullable(),
  error: z.string().nullable(),
});
export type TCaseRecipient = z.infer<typeof ZCaseRecipient>;

const ZCaseEvidence = z.object({
  status: z.enum(["capturing", "ready", "failed"]),
  /** True when the site answered at capture; false: the pack holds what the last scan saw. */
  live: z.boolean().nullable(),
  captured_at: ZIsoDate.nullable(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  size: z.number().int().min(0).nullable(),
  /** Download path of the WARC (null until ready). */
  url: z.string().nullable(),
  /** Whether the pack holds a screenshot (also attached to the e-mails). */
  screenshot: z.boolean(),
  error: z.string().nullable(),
});

const ZCaseTimelineEntry = z.object({
  at: ZIsoDate,
  event: z.enum([
    "opened",
    "evidence_captured",
    "evidence_failed",
    "recipients_edited",
    "sent",
    "send_failed",
    "escalated",
    "down",
    "reemerged",
    "withdrawn",
  ]),
  detail: z.string(),
});
export type TCaseTimelineEntry = z.infer<typeof ZCaseTimelineEntry>;

const ZCaseEscalation = z.object({
  at: ZIsoDate,
  /** 1 for the first escalation, then 2, … (one per `TAKEDOWN_ESCALATE_AFTER` the site stays up). */
  level: z.number().int().min(1),
  to: z.array(ZRecipientContact.pick({ role: true, organisation: true, address: true })),
  message_ids: z.array(z.string()),
  reason: z.string(),
});

export const ZTakedownCase = z.object({
  case_id: ZId,
  kind: ZFindingKind,
  /** The domain finding or social finding the case was opened from. */
  finding_id: ZId,
  scan_id: ZId,
  /** The lookalike domain (domain cases), else null. */
  domain: ZDomainName.nullable(),
  /** Social cases: the platform, handle and profile URL. */
  platform: z.string().nullable(),
  handle: z.string().nullable(),
  profile_url: z.string().nullable(),
  state: ZTakedownState,
  recipients: z.array(ZCaseRecipient),
  /** Next-level desks for escalation (the TLD's registry, the host's upstream network). */
  escalation_contacts: z.array(ZRecipientContact),
  evidence: ZCaseEvidence,
  /** The report as sent (the takedown draft's words). */
  draft: z.object({ subject: z.string(), body: z.string(), warning: z.string().optional() }).nullable(),
  /** Whether the product can e-mail it (SMTP configured); when not, why, and how to send by hand. */
  sending: z.object({ available: z.boolean(), reason: z.string().nullable() }),
  escalations: z.array(ZCaseEscalation),
  timeline: z.array(ZCaseTimelineEntry),
  opened_at: ZIsoDate,
  first_sent_at: ZIsoDate.nullable(),
  down_at: ZIsoDate.nullable(),
  down_how: ZDownHow.nullable(),
  /** Seconds from the first sending to `down_at`. */
  time_to_down_s: z.number().int().min(0).nullable(),
  last_checked_at: ZIsoDate.nullable(),
  updated_at: ZIsoDate,
  /** The case's page in the UI. */
  link: z.string(),
});
export type TTakedownCase = z.infer<typeof ZTakedownCase>;

export const ZOpenTakedownCase = z.union([
  z.object({ finding_id: ZId }).strict(),
  z.object({ social_finding_id: ZId }).strict(),
]);
export type TOpenTakedownCase = z.infer<typeof ZOpenTakedownCase>;

export const ZOpenTakedownCases = z.object({ finding_ids: z.array(ZId).min(1).max(100) });
export const ZOpenTakedownCasesResult = z.object({ cases: z.array(ZTakedownCase), opened: z.number().int() });

export const ZTakedownCaseListQuery = z.object({
  state: ZTakedownState.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZTakedownCaseList = z.object({
  cases: z.array(ZTakedownCase),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type TTakedownCaseList = z.infer<typeof ZTakedownCaseList>;

/** The analyst's recipient list; a `recipient_id` keeps that recipient (and its source unless edited). */
export const ZEditRecipients = z.object({
  recipients: z
    .array(
      z.object({
        recipient_id: ZId.optional(),
        role: ZRecipientRole,
        organisation: z.string().trim().min(1).max(300),
        address: ZRecipientAddress,
        channel: ZRecipientChannel,
      }),
    )
    .max(20),
});
export type TEditRecipients = z.infer<typeof ZEditRecipients>;

export const ZSendTakedown = z.object({
  recipient_ids: z.array(ZId).min(1).max(20).optional(),
  manual: z.boolean().optional(),
});
export const ZWithdrawTakedown = z.object({ reason: z.string().trim().max(1000).optional() });

export const ZTakedownStats = z.object({
  open: z.number().int(),
  sent: z.number().int(),
  escalated: z.number().int(),
  down: z.number().int(),
  withdrawn: z.number().int(),
  reemerged: z.number().int(),
  median_time_to_down_s: z.number().nullable(),
  /** Of the cases sent, the share down within 24 hours of the first sending (null with none sent). */
  down_within_24h_share: z.number().min(0).max(1).nullable(),
  by_recipient: z.array(
    z.object({
      organisation: z.string(),
      role: ZRecipientRole,
      cases: z.number().int(),
      down: z.number().int(),
      median_time_to_down_s: z.number().nullable(),
    }),
  ),
});
export type TTakedownStats = z.infer<typeof ZTakedownStats>;
