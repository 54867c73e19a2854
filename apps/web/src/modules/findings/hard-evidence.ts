import { severityForScore, type TSeverity } from "@brandwarden/contract/common";

/**
 * Evidence no model may argue away: a threat-feed listing, a login or password form on a page that
 * names the brand, the brand in the certificate. A finding holding any of them keeps at least the
 * band its deterministic score put it in, whatever the AI review says (a page can inject text that
 * makes a model answer "benign, -15" in a perfectly valid format).
 */
export type THardEvidence = "threat_feed_hit" | "brand_login_form" | "brand_in_cert";

/** The fields of a finding the rule reads (a stored domain finding row or its contract form). */
export interface EvidenceFields {
  threat_feed_hits?: readonly unknown[] | null;
  login_form?: boolean | null;
  password_form?: boolean | null;
  brand_in_page?: boolean | null;
  brand_in_cert?: boolean | null;
}

export function hardEvidenceOf(f: EvidenceFields): THardEvidence[] {
  const found: THardEvidence[] = [];
  if (Array.isArray(f.threat_feed_hits) && f.threat_feed_hits.length > 0) found.push("threat_feed_hit");
  if ((f.login_form === true || f.password_form === true) && f.brand_in_page === true)
    found.push("brand_login_form");
  if (f.brand_in_cert === true) found.push("brand_in_cert");
  return found;
}

const BAND_FLOOR: Record<TSeverity, number> = { critical: 80, high: 60, medium: 40, low: 20, info: 0 };

/** The lowest score still inside `severity`'s band. */
export const bandFloor = (severity: TSeverity): number => BAND_FLOOR[severity];

const clampScore = (n: number) => Math.min(100, Math.max(0, n));

/**
 * The score after an AI adjustment: `clamp(score + adjustment)`, except that a demotion of a
 * finding with hard evidence stops at the floor of its deterministic band (`held` says it did).
 */
export function adjustScore(
  score: number,
  adjustment: number,
  evidence: readonly THardEvidence[],
): { adjusted_score: number; held: boolean } {
  const proposed = clampScore(score + adjustment);
  if (adjustment >= 0 || evidence.length === 0) return { adjusted_score: proposed, held: false };
  const floor = Math.min(score, bandFloor(severityForScore(score)));
  return proposed < floor ? { adjusted_score: floor, held: true } : { adjusted_score: proposed, held: false };
}
