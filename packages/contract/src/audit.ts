import { z } from "zod";
import { ZFindingKind, ZId, ZIsoDate, ZSeverity, ZScore } from "./common.ts";
import {
  ZAiVerdict,
  ZSocialPlatformCoverage,
  ZStoredDomainFinding,
  ZStoredSocialFinding,
} from "./findings.ts";
import { ZBrandContext } from "./brand.ts";
import { ZScanStatus, ZStageStates } from "./scan.ts";

const ZAuditVerdict = z.object({
  kind: ZFindingKind,
  finding_id: ZId,
  verdict: ZAiVerdict,
  confidence: z.number().min(0).max(1),
  /** Score points added to the finding's score; must lie in the audit configuration's range. */
  adjustment: z.number().int(),
  reasoning: z.string().max(4000),
});
export type TAuditVerdict = z.infer<typeof ZAuditVerdict>;

/** `PUT /v1/scans/:id/audit` body. */
export const ZAuditVerdictsPut = z.object({ verdicts: z.array(ZAuditVerdict).min(1).max(5000) });
export type TAuditVerdictsPut = z.infer<typeof ZAuditVerdictsPut>;

export const ZAuditVerdictsResult = z.object({
  updated: z.array(
    z.object({
      kind: ZFindingKind,
      finding_id: ZId,
      adjusted_score: ZScore,
      adjusted_severity: ZSeverity,
      /** Set when a demotion stopped at the band's floor: the hard evidence that held it. */
      demotion_held_by: z.array(z.string()).optional(),
    }),
  ),
});

const ZScanSummary = z.object({
  scan_id: ZId,
  user_id: ZId,
  status: ZScanStatus,
  stage_states: ZStageStates,
  created_at: ZIsoDate,
  completed_at: ZIsoDate.nullable(),
  resume_from_stage: z.string().nullable(),
  /** Social platforms the scan could not check, and why (for the report's social section). */
  social_coverage: z.array(ZSocialPlatformCoverage).optional(),
});

/** A domain finding in the audit snapshot: `screenshot_ref` is where the worker fetches its screenshot. */
const ZAuditDomainFinding = ZStoredDomainFinding.extend({
  /** `/v1/scans/:id/screenshots/:finding_id` (under the web base URL); null when there is none. */
  screenshot_ref: z.string().max(200).nullable().optional(),
});
const ZAuditSocialFinding = ZStoredSocialFinding.extend({
  /** `/v1/scans/:id/avatars/:finding_id`; null when there is none. */
  avatar_ref: z.string().max(200).nullable().optional(),
});

/** Findings plus social findings in one page of `audit_data`, at most (default when paged: 200). */
export const AUDIT_PAGE_MAX = 500;
export const AUDIT_PAGE_DEFAULT = 200;

/**
 * `GET /v1/scans/:id/audit_data` query. With `limit` or `cursor` the answer is one page, images by
 * reference; without either, the whole snapshot with images inline (scans up to `AUDIT_PAGE_MAX`).
 */
export const ZAuditDataQuery = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
  cursor: z.string().min(1).max(200).optional(),
});
export type TAuditDataQuery = z.infer<typeof ZAuditDataQuery>;

/** `GET /v1/scans/:id/audit_data`: everything the AI audit and the reports need. */
export const ZAuditSnapshot = z.object({
  scan: ZScanSummary,
  brand: ZBrandContext,
  findings: z.array(ZAuditDomainFinding),
  social_findings: z.array(ZAuditSocialFinding),
  logo_url: z.string().nullable(),
  /** On the whole snapshot and on a first page (no cursor); null on later pages. */
  logo_data_uri: z.string().nullable(),
  /** Paged answers only: the next page's cursor (null on the last page) and the scan's totals. */
  page: z
    .object({
      next_cursor: z.string().nullable(),
      total_findings: z.number().int().min(0),
      total_social_findings: z.number().int().min(0),
    })
    .optional(),
});
export type TAuditSnapshot = z.infer<typeof ZAuditSnapshot>;
export type TAuditDomainFinding = z.infer<typeof ZAuditDomainFinding>;
