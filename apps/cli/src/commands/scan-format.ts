import { describeCampaign } from "@brandwarden/contract/campaign-describe";
import type {
  TDomainFindingInitial,
  TSocialFindingItem,
  TSocialPlatformCoverage,
} from "@brandwarden/contract/findings";
import { toCsv } from "@brandwarden/platform/csv/csv-writer";
import type { ScanFormat } from "./scan-choices.ts";

export type ScanRow = TDomainFindingInitial;

// CSV columns; lists and objects become JSON text in a cell (the CSV writer does that).
const COLUMNS = [
  "domain",
  "score",
  "severity",
  "fuzzer",
  "discovered_by",
  "campaign_id",
  "registrar",
  "registration_created",
  "dns_a",
  "dns_mx",
  "page_title",
  "login_form",
  "threat_feed_hits",
] as const;

/** Social findings share the CSV: `kind` tells the rows apart, their own columns follow. */
const SOCIAL_COLUMNS = ["kind", "platform", "handle", "status", "owned_evidence", "display_name", "profile_url", "followers", "unknown_reason"] as const; // prettier-ignore

/** What the social stage reported: accounts (found, unknown, owned) and platforms it could not check. */
export interface SocialResult {
  findings: TSocialFindingItem[];
  coverage: TSocialPlatformCoverage[];
}

/** Owned accounts last, the rest worst first. */
function sortSocial(rows: readonly TSocialFindingItem[]): TSocialFindingItem[] {
  return [...rows].sort(
    (a, b) =>
      Number(!!a.owned_evidence) - Number(!!b.owned_evidence) ||
      (b.score ?? -1) - (a.score ?? -1) ||
      `${a.platform}:${a.handle}`.localeCompare(`${b.platform}:${b.handle}`),
  );
}

const socialState = (r: TSocialFindingItem) => (r.owned_evidence ? "owned" : (r.status ?? "?"));

function socialTable(social: SocialResult, paint: (code: string | undefined, s: string) => string): string {
  const rows = sortSocial(social.findings);
  const out: string[] = [];
  if (rows.length) {
    const head = ["score", "severity", "account".padEnd(36), "status".padEnd(8), "display name".padEnd(24), "why"]; // prettier-ignore
    out.push(head.join(" "));
    for (const r of rows)
      out.push(
        [
          r.score === null || r.score === undefined ? "    -" : String(Math.round(r.score)).padStart(5),
          paint(SEVERITY_COLOURS[r.severity ?? ""], (r.severity ?? "-").padEnd(8)),
          `${r.platform}:${r.handle}`.slice(0, 36).padEnd(36),
          socialState(r).padEnd(8),
          (r.display_name ?? "").slice(0, 24).padEnd(24),
          r.owned_evidence ?? r.unknown_reason ?? r.discovered_by ?? "",
        ].join(" "),
      );
  }
  const owned = rows.filter((r) => r.owned_evidence).length;
  const found = rows.filter((r) => r.status === "found" && !r.owned_evidence).length;
  out.push(`${found} social accounts found, ${owned} of the brand's own, ${rows.length - found - owned} unconfirmed`); // prettier-ignore
  for (const c of social.coverage) out.push(`could not be checked: ${c.platform} (${c.reason.replace(/_/g, " ")}): ${c.detail}`); // prettier-ignore
  return out.join("\n");
}

/** ANSI colour of each severity in the table. */
const SEVERITY_COLOURS: Record<string, string> = { critical: "1;31", high: "31", medium: "33", low: "36" };

/**
 * Scored findings, worst first, with a campaigns section (cli) or fields (json/csv), then, when
 * the social stage ran (`social` not null), the social accounts and the platforms that could not
 * be checked (list: domain names only).
 */
export function formatScanResult(
  rows: ScanRow[],
  format: ScanFormat,
  colour = false,
  social: SocialResult | null = null,
): string {
  const socialRows = sortSocial(social?.findings ?? []);
  const coverage = social?.coverage ?? [];
  const sorted = [...rows].sort(
    (a, b) => (b.score ?? -1) - (a.score ?? -1) || a.domain.localeCompare(b.domain),
  );
  const members = new Map<string, ScanRow[]>();
  for (const r of sorted)
    if (r.campaign_id) members.set(r.campaign_id, [...(members.get(r.campaign_id) ?? []), r]);
  // Named and described as the dashboard names them (issue 19); the ids stay for machines.
  const campaigns = new Map(
    [...members].map(([id, rows]) => {
      const { name, kind, evidence } = describeCampaign(id, rows);
      const keys = [...new Set(rows.flatMap((r) => r.campaign_keys ?? []))].sort();
      return [id, { name, kind, keys, domains: rows.map((r) => r.domain), evidence }] as const;
    }),
  );
  if (format === "json") {
    return `${JSON.stringify({ findings: sorted, campaigns: [...campaigns].map(([id, c]) => ({ campaign_id: id, size: c.domains.length, ...c })), ...(social ? { social_findings: socialRows, social_coverage: coverage } : {}) }, null, 2)}\n`;
  }
  if (format === "jsonl")
    return [
      ...sorted.map((r) => JSON.stringify(r)),
      ...socialRows.map((r) => JSON.stringify({ kind: "social", ...r })),
      ...coverage.map((c) => JSON.stringify({ kind: "social_coverage", ...c })),
    ].map((l) => `${l}\n`).join(""); // prettier-ignore
  if (format === "list") return sorted.map((r) => `${r.domain}\n`).join("");
  if (format === "csv" && !social)
    return toCsv(
      COLUMNS,
      sorted.map((r) => COLUMNS.map((c) => r[c as keyof ScanRow])),
    );
  if (format === "csv") {
    const header = [...COLUMNS, ...SOCIAL_COLUMNS];
    const blank = <T>(n: number) => Array<T | null>(n).fill(null);
    return toCsv(header, [
      ...sorted.map((r) => [...COLUMNS.map((c) => r[c as keyof ScanRow]), "domain", ...blank(SOCIAL_COLUMNS.length - 1)]),
      ...socialRows.map((r) => [
        null, r.score ?? null, r.severity ?? null, null, r.discovered_by ?? null, ...blank(COLUMNS.length - 5),
        "social", r.platform, r.handle, socialState(r), r.owned_evidence ?? null, r.display_name ?? null, r.profile_url ?? null, r.followers ?? null, r.unknown_reason ?? null,
      ]),
      ...coverage.map((c) => [...blank(COLUMNS.length), "social_coverage", c.platform, null, c.reason, null, null, null, c.probes, c.detail]),
    ]); // prettier-ignore
  }
  const paint = (code: string | undefined, s: string) => (colour && code ? `\x1b[${code}m${s}\x1b[0m` : s);
  const lines = sorted.map((r) =>
    [
      String(Math.round(r.score ?? 0)).padStart(5),
      paint(SEVERITY_COLOURS[r.severity ?? ""], (r.severity ?? "?").padEnd(8)),
      r.domain.padEnd(36),
      (r.fuzzer ?? "").padEnd(16),
      (r.discovered_by ?? []).join("+").padEnd(16),
      (r.registrar ?? "").slice(0, 24).padEnd(24),
      (r.resolve_status === "unknown" ? ["unknown"] : (r.dns_a ?? [])).join(" "),
    ].join(" "),
  );
  const unknown = sorted.filter((r) => r.resolve_status === "unknown").length;
  const counted = `${sorted.length - unknown} registered lookalikes${unknown ? ` and ${unknown} of unknown status` : ""}`;
  const summary = [`${counted}, ${campaigns.size} campaigns`];
  for (const [id, c] of campaigns) {
    const linked = `linked by ${c.keys.slice(0, 4).join(", ")}`;
    const why = c.evidence.length ? c.evidence.slice(0, 4).map((e) => e.text) : [linked];
    summary.push(`campaign ${c.name} (${id})\n  ${why.join("\n  ")}\n  ${c.domains.join(" ")}`);
  }
  const head = ["score", "severity", "domain".padEnd(36), "fuzzer".padEnd(16), "discovered by".padEnd(16), "registrar".padEnd(24), "address"]; // prettier-ignore
  const socialPart = social ? `\n${socialTable(social, paint)}\n` : "";
  return `${head.join(" ")}\n${lines.join("\n")}\n\n${summary.join("\n")}\n${socialPart}`;
}
