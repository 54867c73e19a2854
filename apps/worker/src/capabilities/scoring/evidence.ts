/**
 * What the scorer reads: one lookalike's evidence and the brand it is compared with.
 *
 * Three-state evidence. Every field is optional and nullable, and the two are the same thing:
 * `null` / missing means UNKNOWN (not looked up yet, the lookup failed, timed out, or the data
 * source is not configured). It never means "absent". Absence is stated explicitly:
 * an empty list (`dns_mx: []` = looked up, no MX), `false` (`login_form: false` = page fetched,
 * no form), or an empty string for the text records (`spf: ""` = TXT looked up, no SPF).
 * A signal computed from unknown evidence is `null`, and a null signal adds no points, so a
 * failed lookup can never lower a finding's risk (nor raise it).
 */
import type { AI_VERDICTS, TDomainFindingFields } from "@brandwarden/contract/findings";
import type { BrandContext } from "../brand/brand-context.ts";
import { nameParts } from "../provider-facts/name-parts.ts";

/** Campaign context of a finding, from `campaigns/cluster.ts` (null: clustering not run). */
export interface CampaignContext {
  campaign_id: string;
  /** Number of findings in the cluster (>= 2; a singleton is not a campaign). */
  size: number;
  /** The infrastructure keys that link this finding to the others (`ip:1.2.3.4`, `ns:...`). */
  keys: readonly string[];
  /** "defensive": probably the brand's own registration, not an attack (missing: attack). */
  kind?: "attack" | "defensive";
}

export type DomainEvidence = Partial<TDomainFindingFields> & {
  /** The lookalike, ASCII (punycode), lower case. */
  domain: string;
  /**
   * Campaign membership: an object when the finding is in a campaign, `false` when clustering
   * ran and it is not, null/missing when unknown.
   */
  campaign?: CampaignContext | false | null;
  /** The AI review's verdict, when the finding is scored again after one (never at first scoring). */
  ai_verdict?: (typeof AI_VERDICTS)[number] | null;
};

/** Everything a signal function may read besides the evidence. */
export interface SignalContext {
  brand: BrandContext;
  /** Reference time for ages (registration, certificate). */
  now: Date;
}

/**
 * Brand tokens: the registrable labels of the owned domains plus each brand name squeezed to
 * [a-z0-9] ("Acme Bank" -> "acmebank") and its words of 4+ letters ("acme"). Lower case.
 */
export function brandTokens(brand: BrandContext): string[] {
  const out = new Set<string>();
  for (const d of brand.owned_domains) {
    const label = nameParts(d).label.toLowerCase();
    if (label.length >= 3) out.add(label);
  }
  for (const name of brand.brand_names) {
    const lower = name.toLowerCase();
    const squeezed = lower.replace(/[^\p{L}\p{N}]+/gu, "");
    if (squeezed.length >= 3) out.add(squeezed);
    for (const word of lower.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 4) out.add(word);
  }
  return [...out];
}

/** Registrable labels of the owned domains only (what edit and visual distance compare with). */
export function brandLabels(brand: BrandContext): string[] {
  const labels = brand.owned_domains.map((d) => nameParts(d).label.toLowerCase()).filter((l) => l.length > 0);
  if (labels.length) return [...new Set(labels)];
  // No owned domain: fall back to the squeezed brand names.
  return brandTokens(brand).filter((t) => !t.includes(" "));
}

export const DAY_MS = 86_400_000;

/** Days from an ISO date to `now`; negative when in the future; null when unparseable. */
export function ageDays(iso: string | null | undefined, now: Date): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : (now.getTime() - t) / DAY_MS;
}

export const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
