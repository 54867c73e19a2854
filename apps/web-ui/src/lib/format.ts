import type { TSeverity } from "@brandwarden/contract/constants";

export const dateTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "—";

export const date = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" }) : "—";

export const time = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleTimeString(undefined, { hour12: false }) : "";

/** Cells of any finding field: null is "unknown", lists are joined, booleans are yes/no. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (Array.isArray(value))
    return value.length
      ? value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(", ")
      : "—";
  if (typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value)) return date(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function severityOf(f: {
  adjusted_severity: TSeverity | null;
  severity: TSeverity | null;
}): TSeverity {
  return f.adjusted_severity ?? f.severity ?? "info";
}

export function scoreOf(f: { adjusted_score: number | null; score: number | null }): number | null {
  return f.adjusted_score ?? f.score;
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Words for a field name: `registration_created` -> `Registration created`. */
export const humanise = (name: string): string =>
  (name.charAt(0).toUpperCase() + name.slice(1))
    .replace(/_/g, " ")
    .replace(/\b(Dns|Tls|Ip|Asn|Mx|Ns|Spf|Dmarc|Html|Http|Url|Ai|Sans)\b/gi, (w) => w.toUpperCase());
