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

/** `GET /v1/scans/:id/audit_data`: everything the AI audit and the reports need. */
export const ZAuditSnapshot = z.object({
  scan: ZScanSummary,
  brand: ZBrandContext,
  findings: z.array(ZStoredDomainFinding),
  social_findings: z.array(ZStoredSocialFinding),
  logo_url: z.string().nullable(),
  logo_data_uri: z.string().nullable(),
});
export type TAuditSnapshot = z.infer<typeof ZAuditSnapshot>;
