import { severityForScore, type TSeverity } from "@brandwarden/contract/common";
import type { TAiDemotion } from "@brandwarden/contract/findings";
import { hardEvidenceOf, type EvidenceFields } from "./hard-evidence.ts";

interface Reviewed extends EvidenceFields {
  score: number | null;
  severity: string | null;
  adjusted_score: number | null;
  adjusted_severity: string | null;
  ai_adjustment: number | null;
}

/**
 * How an AI review lowered a finding, for the analyst: null unless the model asked for a negative
 * adjustment. When the stored score sits above `score + adjustment`, the hard-evidence rule held
 * the finding in its band, and `held_by` says which evidence did.
 */
export function aiDemotionOf(r: Reviewed): TAiDemotion | null {
  if (r.ai_adjustment === null || r.ai_adjustment >= 0 || r.score === null || r.adjusted_score === null)
    return null;
  const held = r.adjusted_score > Math.max(0, r.score + r.ai_adjustment);
  return {
    proposed: r.ai_adjustment,
    from_score: r.score,
    to_score: r.adjusted_score,
    from_severity: (r.severity as TSeverity | null) ?? severityForScore(r.score),
    to_severity: (r.adjusted_severity as TSeverity | null) ?? severityForScore(r.adjusted_score),
    held_by: held ? hardEvidenceOf(r) : [],
  };
}
