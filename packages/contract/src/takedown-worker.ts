/**
 * Web ↔ worker bodies of takedown cases (issue 29).
 *
 * - Worker `POST /takedown/evidence` (`ZEvidenceRequest`): captures the site now (or, when it no
 *   longer answers, packs what the last scan saw), finds the recipients, and answers
 *   `ZEvidenceResponse` with the WARC inline. Synchronous: the web app's job waits for it.
 * - Worker `POST /takedown/check` (`ZTakedownCheckRequest`): the watch's cheap checks on each site
 *   (NXDOMAIN, registry hold in RDAP, HTTP 404/410/451, a suspension or parking page in place of
 *   the captured page); answers `ZTakedownCheckResponse`.
 * - Web `GET /v1/scans/:id/takedown_cases`: the scan owner's cases for the PDF reports
 *   (`ZReportTakedownCases`).
 */
import { z } from "zod";
import { ZDomainName, ZFindingKind, ZId, ZIsoDate } from "./common.ts";
import { ZDownHow, ZRecipientContact, ZRecipientRole, ZTakedownState } from "./browser/takedown-cases.ts";

export const TAKEDOWN_WORKER_PATHS = {
  evidence: "/takedown/evidence",
  check: "/takedown/check",
} as const;

/** The web app waits this long for an evidence pack (page, redirects, screenshot, RDAP, DNS). */
export const EVIDENCE_READ_MS = 120_000;

export const ZEvidenceRequest = z.object({
  case_id: ZId,
  user_id: ZId,
  scan_id: ZId,
  kind: ZFindingKind,
  /** The domain finding or social finding. */
  finding_id: ZId,
  domain: ZDomainName.nullable(),
  platform: z.string().nullable(),
  handle: z.string().nullable(),
  profile_url: z.string().nullable(),
});
export type TEvidenceRequest = z.infer<typeof ZEvidenceRequest>;

/** What a later check compares the site with: the page as captured. */
const ZSiteBaseline = z.object({
  /** TLSH of the page captured (null when none was fetched). */
  fuzzy_hash: z.string().nullable(),
  login_form: z.boolean(),
  final_url: z.string().nullable(),
});
export type TSiteBaseline = z.infer<typeof ZSiteBaseline>;

export const ZEvidenceResponse = z.object({
  recipients: z.array(ZRecipientContact),
  escalation_contacts: z.array(ZRecipientContact),
  live: z.boolean(),
  captured_at: ZIsoDate,
  /** The WARC/1.1 file, gzip per record. */
  warc_base64: z.base64(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().min(0),
  /** The screenshot PNG in the pack (attached to the e-mails), when there is one. */
  screenshot_base64: z.base64().nullable(),
  baseline: ZSiteBaseline,
});
export type TEvidenceResponse = z.infer<typeof ZEvidenceResponse>;

export const ZTakedownCheckRequest = z.object({
  sites: z
    .array(
      z.object({
        case_id: ZId,
        kind: ZFindingKind,
        domain: ZDomainName.nullable(),
        profile_url: z.string().nullable(),
        baseline: ZSiteBaseline.nullable(),
      }),
    )
    .min(1)
    .max(200),
});
export type TTakedownCheckRequest = z.infer<typeof ZTakedownCheckRequest>;

export const ZTakedownCheckResponse = z.object({
  results: z.array(
    z.object({
      case_id: ZId,
      /** False when the site is down by one of the checks (`how`). */
      up: z.boolean(),
      how: ZDownHow.nullable(),
      /** What was seen, in words ("NXDOMAIN", "HTTP 410", "RDAP status client hold", …). */
      detail: z.string(),
      checked_at: ZIsoDate,
    }),
  ),
});
export type TTakedownCheckResponse = z.infer<typeof ZTakedownCheckResponse>;

/** One case as the PDF reports show it. */
const ZReportTakedownCase = z.object({
  case_id: ZId,
  kind: ZFindingKind,
  finding_id: ZId,
  domain: ZDomainName.nullable(),
  platform: z.string().nullable(),
  handle: z.string().nullable(),
  state: ZTakedownState,
  recipients: z.array(
    z.object({
      role: ZRecipientRole,
      organisation: z.string(),
      address: z.string(),
      state: z.string(),
    }),
  ),
  opened_at: ZIsoDate,
  first_sent_at: ZIsoDate.nullable(),
  down_at: ZIsoDate.nullable(),
  time_to_down_s: z.number().int().nullable(),
  escalations: z.number().int(),
});
export type TReportTakedownCase = z.infer<typeof ZReportTakedownCase>;
export const ZReportTakedownCases = z.object({ cases: z.array(ZReportTakedownCase) });
