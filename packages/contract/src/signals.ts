/**
 * The 29 named domain signals and their built-in default weights (points added to a 0-100
 * score at full strength; a negative weight is a discount). Each signal's evidence value is in
 * [0, 1], or null when unknown; an unknown contributes nothing, so it never lowers risk.
 * `GET /v1/scoring/weights` serves these as version 0 until a weight set is stored.
 */
export const DOMAIN_SIGNALS = {
  // Name (always known once the brand has an owned domain)
  permutation_family: {
    weight: 8,
    about:
      "Deceptiveness of the fuzzer that produced the name: homoglyph 1 > combosquat 0.8 > typo 0.6-0.7 > TLD swap 0.4",
  },
  visual_distance: {
    weight: 10,
    about:
      "TR39 skeleton equal to a brand label with different text 1; brand label under another suffix 0.6; skeleton one edit away 0.5",
  },
  edit_distance: {
    weight: 6,
    about:
      "Damerau-Levenshtein distance of the label to the nearest brand label: <=1 -> 1, 2 -> 0.5, 3 -> 0.2",
  },
  brand_keyword_combo: {
    weight: 8,
    about:
      "Brand (or a homoglyph) plus a phishing word (login, verify, secure...) 1; plus only a brand keyword 0.5",
  },
  brand_in_unrelated_domain: {
    weight: 5,
    about: "Brand left of someone else's registrable domain (acmebank.com.verify.net) 1",
  },
  faux_tld_token: {
    weight: 6,
    about:
      "A TLD written into the name as a token (acmebank-com.net) 1; glued to the brand (acmebankcom.net) 0.7",
  },
  suspicious_tld: {
    weight: 4,
    about: "Top-level domain on the high-abuse list (phishing_catcher, Interisle, Spamhaus) 1",
  },
  punycode_mixed_script: {
    weight: 7,
    about: "IDN label mixing scripts or wholly made of Latin look-alikes 1; another IDN 0.4; ASCII 0",
  },
  label_shape: {
    weight: 3,
    about:
      "Strongest of: many hyphens, deep subdomain nesting, a random-looking (high-entropy, machine-made) label",
  },
  // Registration
  registration_recent: {
    weight: 10,
    about: "Created within 30 days 1, falling to 0.5 at 90 days and 0 at a year; unknown date: null",
  },
  privacy_protected: { weight: 3, about: "Registrant hidden behind a privacy/proxy service 1, named 0" },
  registrar_abuse_record: {
    weight: 3,
    about: "Registrar often named in abuse reports (Spamhaus, Interisle) 1",
  },
  free_subdomain_host: {
    weight: 5,
    about:
      "Under a free hosting or dynamic-DNS provider 1 (other PSL private suffixes 0.7): no registration needed",
  },
  // DNS and mail
  resolves: { weight: 4, about: "Has an A/AAAA address 1; both lookups empty or unregistered 0" },
  mx_present: {
    weight: 5,
    about: "Has mail exchangers (not a null MX) 1: can send and receive phishing mail",
  },
  spf_dmarc: { weight: 2, about: "SPF that allows sending 0.5 plus DMARC 0.5: prepared to send mail" },
  mx_accepts_brand_mail: {
    weight: 6,
    about: "The MX accepts mail for brand-like recipients 1; refused or no MX 0",
  },
  parked: {
    weight: -12,
    about: "Discount: parked/for-sale page or parking name servers 1; page seen, not parked 0",
  },
  wildcard: {
    weight: -6,
    about: "Discount: the parent zone answers every name, so resolving proves nothing 1",
  },
  // Web and TLS
  live_web: {
    weight: 5,
    about: "Serves a page: 2xx 1, unfollowed redirect 0.5, 4xx 0.2, 5xx or no address 0",
  },
  recent_dv_certificate: {
    weight: 5,
    about:
      "Certificate issued within 30 days 1 (90 days 0.5), times DV/ACME issuer 1, unknown 0.8, OV/EV 0.5, self-signed 0.3",
  },
  brand_in_certificate: {
    weight: 6,
    about: "The brand (or a homoglyph) appears in the certificate's names 1",
  },
  login_form: { weight: 15, about: "A login or password form on the page 1; page fetched without one 0" },
  html_similarity: {
    weight: 12,
    about: "Fuzzy-hash similarity of the page HTML to the brand's own (0-1; same hash 1)",
  },
  screenshot_similarity: {
    weight: 14,
    about: "Perceptual similarity of the rendered page to the brand's (0-1; same hash 1)",
  },
  favicon_logo_match: {
    weight: 10,
    about: "Favicon identical to the brand's 1, different 0; null when either is missing",
  },
  redirects_to_brand: {
    weight: -25,
    about: "Discount: forwards to one of the brand's own domains (defensive registration) 1",
  },
  // Intelligence
  threat_feed_hit: {
    weight: 30,
    about: "Listed by URLhaus, OpenPhish or PhishTank by name or URL 1, by IP only 0.6; floor: at least high",
  },
  campaign_membership: {
    weight: 10,
    about: "Shares infrastructure with other lookalikes: grows with cluster size and linking-key strength",
  },
} as const satisfies Record<string, { weight: number; about: string }>;

export type TDomainSignalName = keyof typeof DOMAIN_SIGNALS;

export const DEFAULT_DOMAIN_WEIGHTS: Record<string, number> = Object.fromEntries(
  Object.entries(DOMAIN_SIGNALS).map(([name, s]) => [name, s.weight]),
);
