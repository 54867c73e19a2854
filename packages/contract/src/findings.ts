import { z } from "zod";
import { ZDomainName, ZId, ZIsoDate, ZLabel, ZScore, ZSeverity } from "./common.ts";
import { ZSocialPlatform, ZHandle } from "./brand.ts";
import { ZChangeKind, ZFieldChange } from "./monitoring.ts";

const str = (max = 500) => z.string().max(max).nullable();
const strList = (max = 100) => z.array(z.string().max(500)).max(max);
const num = () => z.number().nullable();
const bool = () => z.boolean().nullable();
const date = () => ZIsoDate.nullable();

/** One signal's part in a score: the evidence value and the points it added (or took away). */
const ZSignalContribution = z.object({
  value: z.number().nullable(), // null: evidence unknown
  weight: z.number(),
  points: z.number(),
});
const ZSignals = z.record(z.string().max(100), ZSignalContribution);
export type TSignals = z.infer<typeof ZSignals>;

const ZThreatFeedHit = z.object({
  feed: z.string().max(50),
  matched: z.enum(["domain", "url", "ip"]),
  value: z.string().max(2000),
  first_seen: date(),
});

export const AI_VERDICTS = ["malicious", "suspicious", "benign"] as const;
export const ZAiVerdict = z.enum(AI_VERDICTS);

/**
 * Every evidence field a domain finding can carry. All are nullable: null means unknown
 * (not looked up, or the lookup failed), never "absent".
 */
export const ZDomainFindingFields = z.object({
  domain_unicode: str(300),
  original_domain: ZDomainName.nullable(),
  fuzzer: str(50),
  fuzzers: strList(50).nullable(),
  /** Which discovery sources found the name: `permutation`, `ct` (Certificate Transparency). */
  discovered_by: strList(10).nullable(),
  /** Why a non-permutation source took the name ("label ... contains the brand ..."). */
  discovery_reason: str(1000),
  registrable_domain: str(300),
  resolve_status: z.enum(["registered", "unregistered", "unknown"]).nullable(),
  dns_a: strList().nullable(),
  dns_aaaa: strList().nullable(),
  dns_mx: strList().nullable(),
  dns_ns: strList().nullable(),
  dns_txt: strList().nullable(),
  spf: str(2000),
  dmarc: str(2000),
  wildcard: bool(),
  mx_accepts_mail: bool(),
  registrar: str(),
  registrar_abuse_email: str(),
  registrar_abuse_phone: str(100),
  registration_created: date(),
  registration_updated: date(),
  registration_expires: date(),
  registration_status: strList(50).nullable(),
  privacy_protected: bool(),
  http_status: num(),
  final_url: str(2000),
  redirect_chain: strList(20).nullable(),
  page_title: str(),
  page_size: num(),
  page_language: str(20),
  login_form: bool(),
  password_form: bool(),
  form_action: str(2000),
  brand_in_page: bool(),
  favicon_hash: str(200),
  html_hash: str(200),
  html_similarity: num(),
  parked: bool(),
  redirects_to_brand: bool(),
  tls_issuer: str(),
  tls_subject: str(),
  tls_sans: strList(200).nullable(),
  tls_not_before: date(),
  tls_not_after: date(),
  tls_fingerprint: str(200),
  tls_self_signed: bool(),
  tls_valid: bool(),
  brand_in_cert: bool(),
  screenshot_hash: str(200),
  screenshot_similarity: num(),
  asn: num(),
  asn_org: str(),
  ip_country: str(10),
  hosting_abuse_email: str(),
  threat_feed_hits: z.array(ZThreatFeedHit).max(50).nullable(),
  campaign_id: str(100),
  campaign_keys: strList(50).nullable(),
  score: ZScore.nullable(),
  severity: ZSeverity.nullable(),
  signals: ZSignals.nullable(),
  /** Where each field came from and when: `{field_group: {source, at, error?}}`. */
  provenance: z.record(z.string().max(50), z.unknown()).nullable(),
});
export type TDomainFindingFields = z.infer<typeof ZDomainFindingFields>;

/** An item of `findings_initial`: the generated, resolved lookalike. */
export const ZDomainFindingInitial = ZDomainFindingFields.partial().extend({ domain: ZDomainName });
export type TDomainFindingInitial = z.infer<typeof ZDomainFindingInitial>;

/** An item of `findings_delta`: enrichment or scores for one lookalike, keyed by `domain`. */
export const ZDomainFindingDelta = ZDomainFindingFields.partial().extend({
  domain: ZDomainName,
  /** The PNG screenshot, base64; stored in the blob store by the web application. */
  screenshot_png: z.base64().max(8_000_000).optional(),
});
export type TDomainFindingDelta = z.infer<typeof ZDomainFindingDelta>;

const ZSocialFindingFields = z.object({
  status: z.enum(["found", "missing", "unknown", "invalid"]).nullable(),
  unknown_reason: str(200),
  profile_url: str(2000),
  display_name: str(),
  bio: str(4000),
  followers: num(),
  verified: bool(),
  account_created: date(),
  links: strList(50).nullable(),
  avatar_hash: str(200),
  avatar_similarity: num(),
  name_similarity: num(),
  bio_similarity: num(),
  similarity_method: str(50),
  disclaimer: bool(),
  discovered_by: str(50),
  score: ZScore.nullable(),
  severity: ZSeverity.nullable(),
  signals: ZSignals.nullable(),
  /**
   * Set when the account is the brand's own, proven by a verified link back to an owned domain
   * (Mastodon-verified field, domain handle, or a link the owned site returns): why, for the
   * analyst. Such an account is shown as owned and not scored.
   */
  owned_evidence: str(500),
});

export const ZSocialFindingItem = ZSocialFindingFields.partial().extend({
  platform: ZSocialPlatform,
  handle: ZHandle,
  avatar_png: z.base64().max(4_000_000).optional(),
});
export type TSocialFindingItem = z.infer<typeof ZSocialFindingItem>;

/**
 * A platform that could not be checked logged-out in a scan (no probe got a verdict, for a
 * reason of the platform's): reported once instead of one `unknown` finding per probe.
 */
export const ZSocialPlatformCoverage = z.object({
  platform: ZSocialPlatform,
  reason: z.enum(["login_wall", "rate_limited", "waf", "budget_exhausted", "down", "same_answer"]),
  detail: z.string().max(500),
  probes: z.number().int().min(0),
});
export type TSocialPlatformCoverage = z.infer<typeof ZSocialPlatformCoverage>;

/**
 * An AI review that asked to lower the score: from the deterministic score/band to the applied
 * one. `held_by` names the hard evidence (threat-feed hit, brand login form, brand in the
 * certificate) that kept the finding in its band; empty when the demotion applied in full.
 */
const ZAiDemotion = z.object({
  proposed: z.number().int(),
  from_score: ZScore,
  to_score: ZScore,
  from_severity: ZSeverity,
  to_severity: ZSeverity,
  held_by: z.array(z.string()),
});
export type TAiDemotion = z.infer<typeof ZAiDemotion>;

/** Fields the web application adds to a stored finding. */
const ZStoredFindingExtras = z.object({
  id: ZId,
  scan_id: ZId,
  adjusted_score: ZScore.nullable(),
  adjusted_severity: ZSeverity.nullable(),
  ai_verdict: ZAiVerdict.nullable(),
  ai_confidence: z.number().min(0).max(1).nullable(),
  ai_reasoning: z.string().nullable(),
  /** Non-null when the AI review lowered (or tried to lower) the score: shown to the analyst. */
  ai_demotion: ZAiDemotion.nullable().optional(),
  label: ZLabel.nullable(),
  label_reason: z.string().nullable(),
  screenshot_data: z.string().nullable(),
  created_at: ZIsoDate,
  updated_at: ZIsoDate,
  /** How the finding moved since the user's previous scan; null until the scan completed. */
  change: ZChangeKind.nullable().optional(),
  /** What moved: `{field, before, after}` for each changed field. */
  changes: z.array(ZFieldChange).nullable().optional(),
  /** When any scan or watch of this user first saw the lookalike. */
  first_seen_at: ZIsoDate.nullable().optional(),
});

export const ZStoredDomainFinding = ZDomainFindingFields.extend(ZStoredFindingExtras.shape).extend({
  domain: ZDomainName,
});
export type TStoredDomainFinding = z.infer<typeof ZStoredDomainFinding>;

export const ZStoredSocialFinding = ZSocialFindingFields.extend(
  ZStoredFindingExtras.omit({ screenshot_data: true }).shape,
).extend({
  platform: ZSocialPlatform,
  handle: ZHandle,
  avatar_data: z.string().nullable(),
});
export type TStoredSocialFinding = z.infer<typeof ZStoredSocialFinding>;
