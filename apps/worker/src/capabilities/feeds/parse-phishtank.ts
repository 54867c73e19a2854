/**
 * PhishTank `online-valid.json`: an array of
 * `{phish_id, url, submission_time, verified, online, target, details: [{ip_address, ...}]}`.
 * Entries PhishTank marks as not verified or offline are left out.
 */
import { FeedFormatError, feedDate, urlParts, type ParseResult } from "./types.ts";

const str = (x: unknown): string | null => (typeof x === "string" ? x : null);

export function parsePhishTank(text: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new FeedFormatError(`not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(data)) throw new FeedFormatError("not a JSON array");
  const records: ParseResult["records"] = [];
  let skipped = 0;
  for (const item of data as unknown[]) {
    const e = (item ?? {}) as Record<string, unknown>;
    const url = str(e.url);
    const parts = url ? urlParts(url) : null;
    if (!url || !parts) {
      skipped++;
      continue;
    }
    if (e.verified === "no" || e.online === "no") continue;
    const ips = new Set<string>(parts.ip ? [parts.ip] : []);
    if (Array.isArray(e.details)) {
      for (const d of e.details as Array<Record<string, unknown>>) {
        const ip = str(d?.ip_address);
        if (ip) ips.add(ip.trim());
      }
    }
    records.push({
      feed: "phishtank",
      url,
      host: parts.host,
      ips: [...ips],
      first_seen: feedDate(str(e.submission_time)),
    });
  }
  if (records.length === 0 && skipped > 0)
    throw new FeedFormatError(`no readable entries (${skipped} broken)`);
  return { records, skipped };
}
