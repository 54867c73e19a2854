/** Intelligence signals: threat feeds and campaign context. */
import { campaignStrength } from "../../provider-facts/key-strength.ts";
import type { DomainEvidence } from "../evidence.ts";

/**
 * threat_feed_hit: a feed lists this name or one of its URLs -> 1; a feed lists only its IP
 * address (which may be shared hosting) -> 0.6; checked against the feeds and not listed -> 0.
 * Null when no feed was consulted.
 */
export function threatFeedHit(ev: DomainEvidence): number | null {
  const hits = ev.threat_feed_hits;
  if (hits == null) return null;
  if (hits.some((h) => h.matched === "domain" || h.matched === "url")) return 1;
  return hits.length > 0 ? 0.6 : 0;
}

/**
 * campaign_membership: shares infrastructure with other lookalikes of the same brand
 * (contract rule 9: many lookalikes on one host is stronger evidence than one). The value
 * grows with the cluster's size and the strength of its linking keys (`campaignStrength`).
 * 0 when clustering ran and found none, or put the name with the brand's own registrations;
 * null when it did not run.
 */
export function campaignMembership(ev: DomainEvidence): number | null {
  const c = ev.campaign;
  if (c === false) return 0;
  // The brand's own registrations share the brand's infrastructure, not an attacker's.
  if (c?.kind === "defensive") return 0;
  if (c == null) {
    // A stored finding carries only its campaign's id and keys: count the smallest cluster.
    return ev.campaign_id && ev.campaign_keys ? campaignStrength(2, ev.campaign_keys) : null;
  }
  return campaignStrength(c.size, c.keys);
}
