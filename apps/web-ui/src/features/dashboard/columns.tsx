import type { ReactNode } from "react";
import { DOMAIN_SORT_COLUMNS } from "@brandwarden/contract/finding-fields";
import type { TDomainFindingView } from "@brandwarden/contract/browser/findings";
import { SeverityBadge } from "../../ui/SeverityBadge.tsx";
import { AiDemotionBadge } from "../../ui/AiDemotion.tsx";
import { ChangeBadge } from "../lookalikes/badges.tsx";
import { cell, humanise, scoreOf, severityOf } from "../../lib/format.ts";
import "./dashboard.css";

/** A column of the domain findings table; `sort` is the server's sort column (null: not sortable). */
export interface Column {
  key: string;
  label: string;
  sort: string | null;
  render(f: TDomainFindingView): ReactNode;
}

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
  discovered_by: "Found by",
  discovery_reason: "Why found",
  change: "Since last scan",
  first_seen_at: "First seen",
};

const SCREENSHOT_COLUMN: Column = {
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

const ALL_COLUMNS: Column[] = [
  SCREENSHOT_COLUMN,
  // Every field the server sorts by, in the order an analyst reads them.
  ...DOMAIN_SORT_COLUMNS.map((key): Column => {
    const label = LABELS[key] ?? humanise(key);
    if (key === "adjusted_severity")
      return {
        key,
        label,
        sort: "adjusted_score",
        render: (f) => (
          <>
            <SeverityBadge severity={severityOf(f)} />
            <AiDemotionBadge demotion={f.ai_demotion} />
          </>
        ),
      };
    if (key === "change") return { key, label, sort: key, render: (f) => <ChangeBadge change={f.change} /> };
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

/**
 * What an analyst decides on, always shown first and pinned while the other columns scroll
 * sideways: at 1280 px they stay in view whatever else is turned on.
 */
export const PINNED_COLUMNS = ["screenshot", "domain", "adjusted_severity", "adjusted_score"];

/** Every column, the pinned ones first. */
export const COLUMNS: Column[] = [
  ...PINNED_COLUMNS.map((key) => ALL_COLUMNS.find((c) => c.key === key)!),
  ...ALL_COLUMNS.filter((c) => !PINNED_COLUMNS.includes(c.key)),
];

export const DEFAULT_COLUMNS = [
  "screenshot",
  "domain",
  "adjusted_severity",
  "adjusted_score",
  "fuzzer",
  "discovered_by",
  "registration_created",
  "registrar",
  "asn_org",
  "ip_country",
  "page_title",
  "label",
  "change",
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
