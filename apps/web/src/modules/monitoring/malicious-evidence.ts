// When a lookalike counts as malicious for its lifecycle without an analyst: hard evidence only.
// A score, however high, is an estimate; these are facts an abuse desk accepts.

export interface MaliciousEvidence {
  label?: string | null;
  threat_feed_hits?: unknown[] | null;
  login_form?: boolean | null;
  password_form?: boolean | null;
  redirects_to_brand?: boolean | null;
  html_similarity?: number | null;
  screenshot_similarity?: number | null;
}

/** Similarity to the brand's own page from which a credential form is a clone's. */
const CLONE_SIMILARITY = 0.7;

/** Why the lookalike is malicious, or null when nothing proves it. */
export function maliciousBecause(f: MaliciousEvidence): string | null {
  if (f.label === "confirmed") return "confirmed by an analyst";
  if (f.redirects_to_brand) return null;
  if ((f.threat_feed_hits?.length ?? 0) > 0) return "listed by a threat feed";
  const form = f.login_form === true || f.password_form === true;
  const clone =
    (f.html_similarity ?? 0) >= CLONE_SIMILARITY || (f.screenshot_similarity ?? 0) >= CLONE_SIMILARITY;
  if (form && clone) return "a credential form on a copy of the brand's page";
  return null;
}
