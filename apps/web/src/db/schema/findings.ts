import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { TSignals } from "@brandwarden/contract/findings";
import type { TChangeKind, TFieldChange } from "@brandwarden/contract/monitoring";
import { scans } from "./scans.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });
const list = (name: string) => jsonb(name).$type<string[]>();

/** Shared by both finding tables: scores, AI audit and the analyst's label. */
const verdictColumns = () => ({
  score: real("score"),
  severity: text("severity"),
  signals: jsonb("signals").$type<TSignals>(),
  adjusted_score: real("adjusted_score"),
  adjusted_severity: text("adjusted_severity"),
  ai_verdict: text("ai_verdict"),
  ai_confidence: real("ai_confidence"),
  ai_adjustment: integer("ai_adjustment"),
  ai_reasoning: text("ai_reasoning"),
  label: text("label"),
  label_reason: text("label_reason"),
  labeled_at: ts("labeled_at"),
  /** Monitoring: how the finding moved since the user's previous scan (set when the scan completes). */
  change: text("change").$type<TChangeKind>(),
  changes: jsonb("changes").$type<TFieldChange[]>(),
  first_seen_at: ts("first_seen_at"),
  created_at: ts("created_at").notNull().defaultNow(),
  updated_at: ts("updated_at").notNull().defaultNow(),
});

export const domainFindings = pgTable(
  "domain_findings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scan_id: uuid("scan_id")
      .notNull()
      .references(() => scans.id, { onDelete: "cascade" }),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    domain_unicode: text("domain_unicode"),
    original_domain: text("original_domain"),
    fuzzer: text("fuzzer"),
    fuzzers: list("fuzzers"),
    discovered_by: list("discovered_by"),
    discovery_reason: text("discovery_reason"),
    registrable_domain: text("registrable_domain"),
    resolve_status: text("resolve_status"),
    dns_a: list("dns_a"),
    dns_aaaa: list("dns_aaaa"),
    dns_mx: list("dns_mx"),
    dns_ns: list("dns_ns"),
    dns_txt: list("dns_txt"),
    spf: text("spf"),
    dmarc: text("dmarc"),
    wildcard: boolean("wildcard"),
    mx_accepts_mail: boolean("mx_accepts_mail"),
    registrar: text("registrar"),
    registrar_abuse_email: text("registrar_abuse_email"),
    registrar_abuse_phone: text("registrar_abuse_phone"),
    registration_created: ts("registration_created"),
    registration_updated: ts("registration_updated"),
    registration_expires: ts("registration_expires"),
    registration_status: list("registration_status"),
    privacy_protected: boolean("privacy_protected"),
    http_status: integer("http_status"),
    final_url: text("final_url"),
    redirect_chain: list("redirect_chain"),
    page_title: text("page_title"),
    page_size: integer("page_size"),
    page_language: text("page_language"),
    login_form: boolean("login_form"),
    password_form: boolean("password_form"),
    form_action: text("form_action"),
    brand_in_page: boolean("brand_in_page"),
    favicon_hash: text("favicon_hash"),
    html_hash: text("html_hash"),
    html_similarity: doublePrecision("html_similarity"),
    parked: boolean("parked"),
    redirects_to_brand: boolean("redirects_to_brand"),
    tls_issuer: text("tls_issuer"),
    tls_subject: text("tls_subject"),
    tls_sans: list("tls_sans"),
    tls_not_before: ts("tls_not_before"),
    tls_not_after: ts("tls_not_after"),
    tls_fingerprint: text("tls_fingerprint"),
    tls_self_signed: boolean("tls_self_signed"),
    tls_valid: boolean("tls_valid"),
    brand_in_cert: boolean("brand_in_cert"),
    screenshot_key: text("screenshot_key"),
    screenshot_hash: text("screenshot_hash"),
    screenshot_similarity: doublePrecision("screenshot_similarity"),
    asn: integer("asn"),
    asn_org: text("asn_org"),
    ip_country: text("ip_country"),
    hosting_abuse_email: text("hosting_abuse_email"),
    threat_feed_hits: jsonb("threat_feed_hits").$type<unknown[]>(),
    campaign_id: text("campaign_id"),
    campaign_keys: list("campaign_keys"),
    provenance: jsonb("provenance").$type<Record<string, unknown>>(),
    ...verdictColumns(),
  },
  (t) => [
    uniqueIndex("domain_findings_scan_domain_idx").on(t.scan_id, t.domain),
    index("domain_findings_user_idx").on(t.user_id),
    index("domain_findings_scan_score_idx").on(t.scan_id, t.score),
    index("domain_findings_scan_adjusted_idx").on(t.scan_id, t.adjusted_score),
    // The findings table's default order: the audited score where there is one, else the score.
    index("domain_findings_scan_effective_score_idx").on(
      t.scan_id,
      sql`coalesce(${t.adjusted_score}, ${t.score}) desc nulls last`,
      t.domain,
    ),
    index("domain_findings_scan_severity_idx").on(t.scan_id, t.severity),
    index("domain_findings_scan_label_idx").on(t.scan_id, t.label),
    index("domain_findings_scan_campaign_idx").on(t.scan_id, t.campaign_id),
    index("domain_findings_scan_created_reg_idx").on(t.scan_id, t.registration_created),
    index("domain_findings_created_idx").on(t.created_at),
    index("domain_findings_scan_change_idx").on(t.scan_id, t.change),
  ],
);

export const socialFindings = pgTable(
  "social_findings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scan_id: uuid("scan_id")
      .notNull()
      .references(() => scans.id, { onDelete: "cascade" }),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    handle: text("handle").notNull(),
    status: text("status"),
    unknown_reason: text("unknown_reason"),
    profile_url: text("profile_url"),
    display_name: text("display_name"),
    bio: text("bio"),
    followers: integer("followers"),
    verified: boolean("verified"),
    account_created: ts("account_created"),
    links: list("links"),
    avatar_key: text("avatar_key"),
    avatar_hash: text("avatar_hash"),
    avatar_similarity: doublePrecision("avatar_similarity"),
    name_similarity: doublePrecision("name_similarity"),
    bio_similarity: doublePrecision("bio_similarity"),
    similarity_method: text("similarity_method"),
    disclaimer: boolean("disclaimer"),
    discovered_by: text("discovered_by"),
    /** Why the account is the brand's own (a verified link back to an owned domain); null otherwise. */
    owned_evidence: text("owned_evidence"),
    ...verdictColumns(),
  },
  (t) => [
    uniqueIndex("social_findings_scan_platform_handle_idx").on(t.scan_id, t.platform, t.handle),
    index("social_findings_user_idx").on(t.user_id),
    index("social_findings_scan_score_idx").on(t.scan_id, t.score),
  ],
);
