import { describeCampaign } from "@brandwarden/contract/campaign-describe";
import type { TDomainFindingInitial } from "@brandwarden/contract/findings";
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

/** ANSI colour of each severity in the table. */
const SEVERITY_COLOURS: Record<string, string> = { critical: "1;31", high: "31", medium: "33", low: "36" };

/** Scored findings, worst first, with a campaigns section (cli) or fields (json/csv). */
export function formatScanResult(rows: ScanRow[], format: ScanFormat, colour = false): string {
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
    return `${JSON.stringify({ findings: sorted, campaigns: [...campaigns].map(([id, c]) => ({ campaign_id: id, size: c.domains.length, ...c })) }, null, 2)}\n`;
  }
  if (format === "jsonl") return sorted.map((r) => `${JSON.stringify(r)}\n`).join("");
  if (format === "list") return sorted.map((r) => `${r.domain}\n`).join("");
  if (format === "csv")
    return toCsv(
      COLUMNS,
      sorted.map((r) => COLUMNS.map((c) => r[c as keyof ScanRow])),
    );
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
  return `${head.join(" ")}\n${lines.join("\n")}\n\n${summary.join("\n")}\n`;
}
