import type { Scenario } from "./schema.ts";

// The ground truth a campaign clusterer is measured against: which lookalike belongs to which
// planted campaign, and which are the brand's own (defensive) registrations.

export interface CampaignTruth {
  /** Lookalike -> planted campaign id, for members of a planted campaign only. */
  campaignOf: Map<string, string>;
  /** Lookalikes the brand registered itself (they redirect to its primary domain). */
  defensive: Set<string>;
}

export function campaignTruth(scenario: Scenario): CampaignTruth {
  const campaignOf = new Map<string, string>();
  const defensive = new Set<string>();
  for (const l of scenario.lookalikes) {
    if (l.campaign_id) campaignOf.set(l.domain, l.campaign_id);
    if (l.site_kind === "redirect") defensive.add(l.domain);
  }
  return { campaignOf, defensive };
}
