import type { TAiDemotion } from "./findings.ts";

/** Readable names of the hard evidence that keeps a finding in its band (web `modules/findings/hard-evidence.ts`). */
const HARD_EVIDENCE_NAMES: Record<string, string> = {
  threat_feed_hit: "threat-feed hit",
  brand_login_form: "login form naming the brand",
  brand_in_cert: "brand in the certificate",
};

const num = (n: number) => n.toFixed(0);

/**
 * One sentence for the analyst (dashboard, detail, PDF) about an AI review that lowered, or tried
 * to lower, a finding: "Lowered by AI from critical 85 to high 70 (-15)" or "AI asked for -15;
 * held at critical 80 by hard evidence: threat-feed hit".
 */
export function describeAiDemotion(d: TAiDemotion): string {
  if (d.held_by.length) {
    const why = d.held_by.map((e) => HARD_EVIDENCE_NAMES[e] ?? e).join(", ");
    return `AI asked for ${d.proposed}; held at ${d.to_severity} ${num(d.to_score)} by hard evidence: ${why}`;
  }
  return `Lowered by AI from ${d.from_severity} ${num(d.from_score)} to ${d.to_severity} ${num(d.to_score)} (${d.proposed})`;
}

/**
 * The short badge text (it fits under the severity in the table): "AI lowered" for a demotion
 * applied, "AI overruled" for one the hard evidence stopped at the band's floor.
 */
export function aiDemotionBadge(d: TAiDemotion): string {
  return d.held_by.length ? "AI overruled" : "AI lowered";
}
