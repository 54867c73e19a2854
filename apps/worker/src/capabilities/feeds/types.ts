/** Threat-feed records, as every feed format is read into. */
export type FeedName = "urlhaus" | "openphish" | "phishtank";

export interface FeedRecord {
  feed: FeedName;
  /** The listed URL as the feed gives it. */
  url: string;
  /** Its host, lower case, ASCII, without a trailing dot. */
  host: string;
  /** Addresses the feed gives for it (PhishTank details, or a URL whose host is an IP). */
  ips: string[];
  /** When the feed first listed it (ISO), or null. */
  first_seen: string | null;
}

export interface ParseResult {
  records: FeedRecord[];
  /** Rows that could not be read and were left out. */
  skipped: number;
}

/** The body as a whole is not the feed's format (an HTML error page, truncated JSON, a wrong header). */
export class FeedFormatError extends Error {
  override readonly name = "FeedFormatError";
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Host and, when the host is an address, the IP of a feed URL; null when it is not an http(s) URL. */
export function urlParts(url: string): { host: string; ip: string | null } | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  const host = u.hostname
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^\[|\]$/g, "");
  if (!host) return null;
  const ip = IPV4.test(host) || host.includes(":") ? host : null;
  return { host, ip };
}

/** The text without a leading byte-order mark (feeds saved by Windows tools, or re-served through one). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A feed's date ("2024-01-01 12:00:00" UTC, or ISO with offset) as ISO, or null. */
export function feedDate(text: string | undefined | null): string | null {
  if (!text) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(" ", "T")}Z` : text;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}
