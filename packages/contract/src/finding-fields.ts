/**
 * The fields of a stored finding, named once, in the order an analyst reads them (the findings
 * table's columns, the CSV export's columns). Without zod, like `constants.ts`: the browser UI
 * builds its findings table from these lists. `findings.ts` gives each field its schema
 * (`ZStoredDomainFinding`, `ZStoredSocialFinding`); a contract test keeps the two the same, and a
 * web test keeps every field that is stored a column of its table.
 */

/** The AI review's and the analyst's verdict, on both kinds of finding. */
const REVIEW_FIELDS = [
  "adjusted_score",
  "adjusted_severity",
  "ai_verdict",
  "ai_confidence",
  "ai_reasoning",
  "ai_demotion",
  "label",
  "label_reason",
] as const;
/** When the finding was stored and how it moved since the previous scan, on both kinds. */
const RECORD_FIELDS = ["created_at", "updated_at", "change", "changes", "first_seen_at"] as const;

export const DOMAIN_FINDING_FIELDS = [
  "id",
  "scan_id",
  "domain",
  "domain_unicode",
  "original_domain",
  "fuzzer",
  "fuzzers",
  "discovered_by",
  "discovery_reason",
  "registrable_domain",
  "resolve_status",
  "dns_a",
  "dns_aaaa",
  "dns_mx",
  "dns_ns",
  "dns_txt",
  "spf",
  "dmarc",
  "wildcard",
  "mx_accepts_mail",
  "registrar",
  "registrar_abuse_email",
  "registrar_abuse_phone",
  "registration_created",
  "registration_updated",
  "registration_expires",
  "registration_status",
  "privacy_protected",
  "http_status",
  "final_url",
  "redirect_chain",
  "page_title",
  "page_size",
  "page_language",
  "login_form",
  "password_form",
  "form_action",
  "brand_in_page",
  "favicon_hash",
  "html_hash",
  "html_similarity",
  "parked",
  "redirects_to_brand",
  "tls_issuer",
  "tls_subject",
  "tls_sans",
  "tls_not_before",
  "tls_not_after",
  "tls_fingerprint",
  "tls_self_signed",
  "tls_valid",
  "brand_in_cert",
  "screenshot_hash",
  "screenshot_similarity",
  "asn",
  "asn_org",
  "ip_country",
  "hosting_abuse_email",
  "threat_feed_hits",
  "campaign_id",
  "campaign_keys",
  "score",
  "severity",
  "signals",
  "provenance",
  ...REVIEW_FIELDS,
  "screenshot_data",
  ...RECORD_FIELDS,
] as const;
type TDomainFindingField = (typeof DOMAIN_FINDING_FIELDS)[number];

/** Fields the web application works out on the way out; every other field is a stored column. */
export const DOMAIN_FINDING_DERIVED_FIELDS = ["ai_demotion", "screenshot_data"] as const;

/** Fields the findings table does not sort by: identity, and values with a structure of their own. */
const UNSORTABLE = [
  "id",
  "scan_id",
  "signals",
  "provenance",
  "threat_feed_hits",
  "ai_demotion",
  "screenshot_data",
  "changes",
] as const satisfies readonly TDomainFindingField[];
export type TDomainSortColumn = Exclude<TDomainFindingField, (typeof UNSORTABLE)[number]>;

/**
 * The columns `GET /dashboard/findings?sort=` accepts, which are the findings table's field
 * columns, in reading order. Lists (name servers, SANs) sort by their JSON text.
 */
export const DOMAIN_SORT_COLUMNS = DOMAIN_FINDING_FIELDS.filter(
  (f): f is TDomainSortColumn => !(UNSORTABLE as readonly string[]).includes(f),
);

export const SOCIAL_FINDING_FIELDS = [
  "id",
  "scan_id",
  "platform",
  "handle",
  "status",
  "unknown_reason",
  "profile_url",
  "display_name",
  "bio",
  "followers",
  "verified",
  "account_created",
  "links",
  "avatar_hash",
  "avatar_similarity",
  "name_similarity",
  "bio_similarity",
  "similarity_method",
  "disclaimer",
  "discovered_by",
  "score",
  "severity",
  "signals",
  "owned_evidence",
  ...REVIEW_FIELDS,
  "avatar_data",
  ...RECORD_FIELDS,
] as const;

/** Fields the web application works out on the way out; every other field is a stored column. */
export const SOCIAL_FINDING_DERIVED_FIELDS = ["ai_demotion", "avatar_data"] as const;
