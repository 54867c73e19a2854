import type { ReactNode } from "react";
import type { DomainFinding } from "../api/types.ts";
import { SeverityBadge } from "../components/ui.tsx";
import { cell, humanise, scoreOf, severityOf } from "../lib/format.ts";

/** A column of the domain findings table; `sort` is the server's sort column (null: not sortable). */
export interface Column {
  key: string;
  label: string;
  sort: string | null;
  render(f: DomainFinding): ReactNode;
}

type FieldKey = Exclude<
  keyof DomainFinding,
  "id" | "scan_id" | "signals" | "provenance" | "screenshot_data" | "screenshot_url"
>;

/** Every evidence field the server sorts by, in the order an analyst reads them. */
const FIELDS: FieldKey[] = [
  "domain",
  "domain_unicode",
  "original_domain",
  "fuzzer",
  "fuzzers",
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
  "campaign_id",
  "campaign_keys",
  "score",
  "severity",
  "adjusted_score",
  "adjusted_severity",
  "ai_verdict",
  "ai_confidence",
  "ai_reasoning",
  "label",
  "label_reason",
  "created_at",
  "updated_at",
];

const LABELS: Partial<Record<string, string>> = {
  adjusted_score: "Score",
  adjusted_severity: "Severity",
  score: "Base score",
  severity: "Base severity",
  asn_org: "Hosting (ASN org)",
  ip_country: "Country",
  registration_created: "Registered",
  registration_expires: "Expires",
  campaign_id: "Campaign",
};

export const SCREENSHOT_COLUMN: Column = {
  key: "screenshot",
  label: "Screenshot",
  sort: null,
  render: (f) =>
    f.screenshot_url ? (
      <img
        className="thumb"
        src={f.screenshot_url}
        alt={`Screenshot of ${f.domain}`}
        loading="lazy"
        width={96}
        height={60}
      />
    ) : (
      <span className="thumb thumb-empty" aria-label="No screenshot">
        —
      </span>
    ),
};

export const COLUMNS: Column[] = [
  SCREENSHOT_COLUMN,
  ...FIELDS.map((key): Column => {
    const label = LABELS[key] ?? humanise(key);
    if (key === "adjusted_severity")
      return {
        key,
        label,
        sort: "adjusted_score",
        render: (f) => <SeverityBadge severity={severityOf(f)} />,
      };
    if (key === "adjusted_score")
      return { key, label, sort: key, render: (f) => <span className="num">{cell(scoreOf(f))}</span> };
    if (key === "label")
      return {
        key,
        label,
        sort: key,
        render: (f) =>
          f.label ? (
            <span className={`label label-${f.label}`}>{f.label}</span>
          ) : (
            <span className="muted">unlabeled</span>
          ),
      };
    return { key, label, sort: key, render: (f) => cell(f[key]) };
  }),
  {
    key: "threat_feed_hits",
    label: "Threat feed hits",
    sort: null,
    render: (f) => (f.threat_feed_hits?.length ? f.threat_feed_hits.map((h) => h.feed).join(", ") : "—"),
  },
];

export const DEFAULT_COLUMNS = [
  "screenshot",
  "domain",
  "adjusted_severity",
  "adjusted_score",
  "fuzzer",
  "registration_created",
  "registrar",
  "asn_org",
  "ip_country",
  "page_title",
  "label",
];

const STORE = "brandwarden.columns";

export function loadColumns(): string[] {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) ?? "null") as unknown;
    if (Array.isArray(saved) && saved.every((k) => typeof k === "string") && saved.includes("domain"))
      return saved as string[];
  } catch {
    /* ignore a damaged preference */
  }
  return DEFAULT_COLUMNS;
}

export function saveColumns(keys: string[]): void {
  localStorage.setItem(STORE, JSON.stringify(keys));
}

export const FUZZERS = [
  "addition",
  "bitsquatting",
  "cyrillic",
  "dictionary",
  "homoglyph",
  "hyphenation",
  "insertion",
  "omission",
  "plural",
  "repetition",
  "replacement",
  "subdomain",
  "tld-swap",
  "transposition",
  "various",
  "vowel-swap",
  "combosquat",
];
