/**
 * The 29 named domain signals and their built-in default weights (points added to a 0-100
 * score at full strength; a negative weight is a discount). Each signal's evidence value is in
 * [0, 1], or null when unknown; an unknown contributes nothing, so it never lowers risk.
 * `GET /v1/scoring/weights` serves these as version 0 until a weight set is stored.
 */
export const DOMAIN_SIGNALS = {
  permutation_family: {
    weight: 8,
    about: "How deceptive the permutation family is (homoglyph > typo > tld-swap)",
  },
  visual_distance: { weight: 10, about: "Visual closeness to the brand domain (TR39 skeleton equality)" },
  edit_distance: { weight: 6, about: "Small Damerau-Levenshtein distance to the brand label" },
  brand_keyword_combo: {
    weight: 8,
    about: "Brand token combined with a phishing keyword (login, secure, ...)",
  },
  brand_in_unrelated_domain: { weight: 5, about: "Brand appears inside another registrable domain" },
  faux_tld_token: { weight: 6, about: "A TLD-like label inside the name (brand-com.net)" },
  suspicious_tld: { weight: 4, about: "TLD with a high abuse rate" },
  punycode_mixed_script: { weight: 7, about: "Punycode name mixing scripts" },
  label_shape: { weight: 3, about: "Many hyphens, deep subdomains or a high-entropy label" },
  registration_recent: { weight: 10, about: "Registered recently (full strength under 30 days)" },
  privacy_protected: { weight: 3, about: "Registrant hidden behind a privacy proxy" },
  registrar_abuse_record: { weight: 3, about: "Registrar often seen in abuse reports" },
  free_subdomain_host: { weight: 5, about: "Hosted under a free subdomain or dynamic-DNS provider" },
  resolves: { weight: 4, about: "The name resolves to an address" },
  mx_present: { weight: 5, about: "The name has mail exchangers (can send/receive phishing mail)" },
  spf_dmarc: { weight: 2, about: "SPF or DMARC records prepared for sending mail" },
  mx_accepts_brand_mail: { weight: 6, about: "The MX accepts mail for the brand's recipients" },
  parked: { weight: -12, about: "Parked page or parking name servers (discount)" },
  wildcard: { weight: -6, about: "The parent zone answers every name (discount)" },
  live_web: { weight: 5, about: "Serves a live web page" },
  recent_dv_certificate: { weight: 5, about: "Certificate issued in the last 30 days" },
  brand_in_certificate: { weight: 6, about: "The brand appears in the certificate's names" },
  login_form: { weight: 15, about: "A login or password form on the page" },
  html_similarity: { weight: 12, about: "Page HTML similar to the brand's own page" },
  screenshot_similarity: { weight: 14, about: "Page looks like the brand's own page" },
  favicon_logo_match: { weight: 10, about: "Favicon or logo identical to the brand's" },
  redirects_to_brand: { weight: -25, about: "Redirects to the brand's own domain (discount)" },
  threat_feed_hit: { weight: 30, about: "Listed by a threat feed (URLhaus, OpenPhish, PhishTank)" },
  campaign_membership: { weight: 10, about: "Shares infrastructure with other lookalikes" },
} as const satisfies Record<string, { weight: number; about: string }>;

export type TDomainSignalName = keyof typeof DOMAIN_SIGNALS;

export const DEFAULT_DOMAIN_WEIGHTS: Record<string, number> = Object.fromEntries(
  Object.entries(DOMAIN_SIGNALS).map(([name, s]) => [name, s.weight]),
);
