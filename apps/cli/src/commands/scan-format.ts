import type { TDomainFindingInitial } from "@brandwarden/contract/findings";

export type ScanRow = TDomainFindingInitial;

const COLUMNS = [
  "domain",
  "score",
  "severity",
  "fuzzer",
  "campaign_id",
  "registrar",
  "registration_created",
  "dns_a",
  "dns_mx",
  "page_title",
  "login_form",
  "threat_feed_hits",
] as const;

const cellText = (v: unknown): string =>
  v === null || v === undefined
    ? ""
    : Array.isArray(v) || typeof v === "object"
      ? JSON.stringify(v)
      : String(v);

/** Scored findings, worst first, with a campaigns section (cli) or fields (json/csv). */
export function formatScanResult(rows: ScanRow[], format: "json" | "csv" | "cli"): string {
  const sorted = [...rows].sort(
    (a, b) => (b.score ?? -1) - (a.score ?? -1) || a.domain.localeCompare(b.domain),
  );
  const campaigns = new Map<string, { keys: string[]; domains: string[] }>();
  for (const r of sorted) {
    if (!r.campaign_id) continue;
    const c = campaigns.get(r.campaign_id) ?? { keys: r.campaign_keys ?? [], domains: [] };
    c.domains.push(r.domain);
    campaigns.set(r.campaign_id, c);
  }
  if (format === "json") {
    return `${JSON.stringify({ findings: sorted, campaigns: [...campaigns].map(([id, c]) => ({ campaign_id: id, size: c.domains.length, ...c })) }, null, 2)}\n`;
  }
  if (format === "csv") {
    const esc = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    return (
      [
        COLUMNS.join(","),
        ...sorted.map((r) => COLUMNS.map((c) => esc(cellText(r[c as keyof ScanRow]))).join(",")),
      ].join("\n") + "\n"
    );
  }
  const lines = sorted.map(
    (r) =>
      `${String(Math.round(r.score ?? 0)).padStart(3)} ${(r.severity ?? "?").padEnd(8)} ${r.domain.padEnd(36)} ${(r.fuzzer ?? "").padEnd(16)} ${(r.registrar ?? "").slice(0, 24).padEnd(24)} ${(r.dns_a ?? []).join(" ")}`,
  );
  const summary = [`${sorted.length} registered lookalikes, ${campaigns.size} campaigns`];
  for (const [id, c] of campaigns)
    summary.push(
      `campaign ${id}: ${c.domains.length} domains linked by ${c.keys.slice(0, 4).join(", ")}\n  ${c.domains.join(" ")}`,
    );
  return `score severity domain                               fuzzer           registrar                address\n${lines.join("\n")}\n\n${summary.join("\n")}\n`;
}
