import type { ScoreFloor } from "../scoring/score.ts";
import type { SignalValues } from "../scoring/signals/index.ts";

/**
 * The named social signal set and its default weights (points at full strength on a 0-100
 * score; negative weights are mitigations). Values are in [0, 1] or null when unknown; the shared
 * scorer gives an unknown 0 points whatever the sign, so missing evidence never lowers risk.
 * Weights follow the open impersonation scorers (x-impersonation-guard, streamer-verification):
 * avatar, names and intent lead; disclaimers, the brand's own links and age are the mitigations.
 */
export const SOCIAL_SIGNALS = {
  handle_similarity: { weight: 16, about: "Handle equals or nearly equals the brand after affixes, homoglyphs and leet are folded" },
  display_name_similarity: { weight: 14, about: "Display name is the brand's name (folded, affixes like 'Support' removed)" },
  bio_similarity: { weight: 8, about: "Bio reads like the brand's own bios and site (embedding similarity)" },
  avatar_similarity: { weight: 18, about: "Avatar matches the brand's logo or official avatar (perceptual hash)" },
  handle_affix: { weight: 6, about: "Brand handle plus an impersonation affix (official, support, help, care, ...)" },
  handle_homoglyph: { weight: 8, about: "Handle is the brand only after homoglyph/leet folding (acrnebank, acm3bank)" },
  scam_lure: { weight: 14, about: "Bio lures: DM us, verify your account, giveaway, refunds, WhatsApp, 24/7 support" },
  links_to_lookalike: { weight: 18, about: "Links to a lookalike finding, or to a non-brand domain carrying the brand name" },
  verified_badge: { weight: 3, about: "A verification badge on an account that is not the brand's (paid badge on a clone)" },
  account_recent: { weight: 6, about: "Account created in the last year (half strength in the last two)" },
  low_followers: { weight: 4, about: "Few followers for an account presenting itself as the brand" },
  disclaimer: { weight: -35, about: "Fan, parody or 'not affiliated' disclaimer (mitigation)" },
  links_to_brand: { weight: -15, about: "Links only to the brand's own domains (mitigation)" },
  account_predates_brand: { weight: -12, about: "Account older than the brand's own account on the platform (mitigation)" },
  established_audience: { weight: -10, about: "Audience comparable to the brand's own account (mitigation)" },
} as const satisfies Record<string, { weight: number; about: string }>; // prettier-ignore

type TSocialSignalName = keyof typeof SOCIAL_SIGNALS;
export type SocialSignalValues = Record<TSocialSignalName, number | null>;

export const DEFAULT_SOCIAL_WEIGHTS: Record<string, number> = Object.fromEntries(
  Object.entries(SOCIAL_SIGNALS).map(([name, s]) => [name, s.weight]),
);

const at = (v: SignalValues, name: TSocialSignalName) => v[name] ?? 0;
const mitigated = (v: SignalValues) => at(v, "disclaimer") >= 1 || at(v, "links_to_brand") >= 1;

/** Strong combinations that make an account at least `medium` or `high` whatever the weights. */
export const SOCIAL_FLOORS: readonly ScoreFloor[] = [
  {
    name: "brand_clone_with_lure",
    min: 60,
    about: "Looks like the brand (avatar or name) under a brand handle and lures victims: at least high",
    when: (v) =>
      !mitigated(v) &&
      (at(v, "avatar_similarity") >= 0.8 || at(v, "display_name_similarity") >= 0.85) &&
      (at(v, "handle_similarity") >= 0.7 || at(v, "display_name_similarity") >= 0.85) &&
      (at(v, "scam_lure") >= 0.5 || at(v, "links_to_lookalike") >= 0.7),
  },
  {
    name: "brand_account_linking_lookalike",
    min: 40,
    about: "A brand-named account linking to a lookalike domain: at least medium",
    when: (v) =>
      !mitigated(v) &&
      at(v, "links_to_lookalike") >= 1 &&
      (at(v, "handle_similarity") >= 0.7 || at(v, "display_name_similarity") >= 0.7),
  },
];
