/**
 * PhishTank's database dumps (https://www.phishtank.com/developer_info.php), in either format:
 * - `online-valid.json`: an array of `{phish_id, url, phish_detail_url, submission_time, verified,
 *   verification_time, online, target, details: [{ip_address, cidr_block, ...}]}`, written by PHP
 *   (`phish_id` a number or a string, slashes escaped as `\/`);
 * - `online-valid.csv`: a header line `phish_id,url,phish_detail_url,submission_time,verified,
 *   verification_time,online,target`, fields quoted only when they hold a comma or a quote.
 * Entries PhishTank marks as not verified or offline are left out.
 */
import { csvRows } from "./csv-rows.ts";
import { FeedFormatError, feedDate, urlParts, withoutBom, type ParseResult } from "./types.ts";

const str = (x: unknown): string | null => (typeof x === "string" ? x : null);

interface Entry {
  url: string | null;
  verified: unknown;
  online: unknown;
  submission_time: string | null;
  detailIps: string[];
}

function collect(entries: Iterable<Entry>): ParseResult {
  const records: ParseResult["records"] = [];
  let skipped = 0;
  for (const e of entries) {
    const parts = e.url ? urlParts(e.url) : null;
    if (!e.url || !parts) {
      skipped++;
      continue;
    }
    if (e.verified === "no" || e.online === "no") continue;
    const ips = new Set<string>(parts.ip ? [parts.ip] : []);
    for (const ip of e.detailIps) ips.add(ip.trim());
    records.push({
      feed: "phishtank",
      url: e.url.trim(),
      host: parts.host,
      ips: [...ips],
      first_seen: feedDate(e.submission_time),
    });
  }
  if (records.length === 0 && skipped > 0)
    throw new FeedFormatError(`no readable entries (${skipped} broken)`);
  return { records, skipped };
}

function* jsonEntries(data: unknown[]): Generator<Entry> {
  for (const item of data) {
    const e = (item ?? {}) as Record<string, unknown>;
    const details = Array.isArray(e.details) ? (e.details as Array<Record<string, unknown>>) : [];
    yield {
      url: str(e.url),
      verified: e.verified,
      online: e.online,
      submission_time: str(e.submission_time),
      detailIps: details.flatMap((d) => str(d?.ip_address) ?? []),
    };
  }
}

function parseJson(text: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new FeedFormatError(`not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(data)) throw new FeedFormatError("not a JSON array");
  return collect(jsonEntries(data));
}

function parseCsv(text: string): ParseResult {
  const { rows, broken } = csvRows(text);
  const [header, ...body] = rows;
  const col = (name: string) => header!.indexOf(name);
  const [urlAt, verifiedAt, onlineAt, submittedAt] = ["url", "verified", "online", "submission_time"].map(
    col,
  );
  if (urlAt === undefined || urlAt < 0) throw new FeedFormatError("PhishTank CSV without a url column");
  const at = (row: string[], i: number | undefined) => (i !== undefined && i >= 0 ? (row[i] ?? null) : null);
  const result = collect(
    body.map((row) => ({
      url: at(row, urlAt),
      verified: at(row, verifiedAt),
      online: at(row, onlineAt),
      submission_time: at(row, submittedAt),
      detailIps: [],
    })),
  );
  return { ...result, skipped: result.skipped + broken };
}

export function parsePhishTank(text: string): ParseResult {
  const body = withoutBom(text).trimStart();
  if (body.startsWith("phish_id,")) return parseCsv(body);
  return parseJson(body);
}
