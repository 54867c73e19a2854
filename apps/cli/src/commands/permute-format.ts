import { csvLine } from "@brandwarden/platform/csv/csv-writer";
import type { ResolveResult } from "@brandwarden/worker/capabilities/resolve/types";
import type { PermuteFormat } from "./permute-flags.ts";

// `permute` output in dnstwist's formats plus JSON lines. Every format but the table is written
// row by row as results arrive; the table waits for all rows (its columns are aligned).

export interface PermuteRow {
  fuzzer: string;
  domain: string;
  domain_unicode: string;
  fuzzers: string[];
  dns?: ResolveResult;
}

/** dnstwist's record: empty DNS lists left out; plus `domain_unicode`, `fuzzers` and the three-state `status`. */
function jsonRow(r: PermuteRow): Record<string, unknown> {
  const out: Record<string, unknown> = { fuzzer: r.fuzzer, domain: r.domain };
  for (const key of ["dns_ns", "dns_a", "dns_aaaa", "dns_mx"] as const) {
    if (r.dns?.[key].length) out[key] = r.dns[key];
  }
  out.domain_unicode = r.domain_unicode;
  out.fuzzers = r.fuzzers;
  if (r.dns) {
    out.status = r.dns.status;
    if (r.dns.reason) out.reason = r.dns.reason;
    if (r.dns.wildcard) out.wildcard = true;
  }
  return out;
}

const CSV_COLUMNS = ["fuzzer", "domain", "domain_unicode", "fuzzers", "dns_a", "dns_aaaa", "dns_mx", "dns_ns", "status"]; // prettier-ignore

const csvRow = (r: PermuteRow) =>
  csvLine([
    r.fuzzer,
    r.domain,
    r.domain_unicode,
    r.fuzzers.join(";"),
    ...(["dns_a", "dns_aaaa", "dns_mx", "dns_ns"] as const).map((k) => (r.dns?.[k] ?? []).join(";")),
    r.dns?.status ?? "",
  ]);

/** Text pieces of a streamed format: what comes first, each row, and the end. */
export interface RowWriter {
  head: string;
  row(r: PermuteRow, index: number): string;
  tail(count: number): string;
}

export function rowWriter(format: Exclude<PermuteFormat, "cli">): RowWriter {
  const indent = (s: string) => s.replace(/^/gm, "  ");
  switch (format) {
    case "list":
      return { head: "", row: (r) => `${r.domain}\n`, tail: () => "" };
    case "jsonl":
      return { head: "", row: (r) => `${JSON.stringify(jsonRow(r))}\n`, tail: () => "" };
    case "csv":
      return { head: csvLine(CSV_COLUMNS), row: csvRow, tail: () => "" };
    case "json":
      // The same text as JSON.stringify(rows, null, 2), written a row at a time.
      return {
        head: "",
        row: (r, i) => `${i === 0 ? "[\n" : ",\n"}${indent(JSON.stringify(jsonRow(r), null, 2))}`,
        tail: (n) => (n === 0 ? "[]\n" : "\n]\n"),
      };
  }
}

export function table(rows: PermuteRow[], colour: boolean): string {
  const c = (code: string, s: string) => (colour ? `\x1b[${code}m${s}\x1b[0m` : s);
  const cells = rows.map((r) => {
    const d = r.dns;
    const a = d ? [...d.dns_a, ...d.dns_aaaa].join(" ") : "";
    const info =
      d?.status === "unknown" ? `unknown: ${d.reason}` : d?.status === "unregistered" ? "-" : a || "-";
    return [r.fuzzer, r.domain_unicode, info, d?.dns_mx.join(" ") || "", d?.dns_ns.join(" ") || ""];
  });
  const all = [["FUZZER", "DOMAIN", "A/AAAA", "MX", "NS"], ...cells];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...all.map((r) => [...r[i]!].length)));
  const pad = (s: string, i: number) => (i < 4 ? s + " ".repeat(widths[i]! - [...s].length) : s);
  return all
    .map((cols, n) => {
      const status = n === 0 ? "head" : rows[n - 1]!.dns?.status;
      const colours = [
        n === 0 ? "1" : "36",
        n === 0 ? "1" : status === "registered" ? "32" : status === "unknown" ? "33" : "0",
        n === 0 ? "1" : status === "unknown" ? "33" : "0",
        n === 0 ? "1" : "0",
        n === 0 ? "1" : "2",
      ];
      return `${cols
        .map((s, i) => c(colours[i]!, pad(s, i)))
        .join("  ")
        .trimEnd()}\n`;
    })
    .join("");
}
