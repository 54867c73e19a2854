/**
 * URLhaus CSV dumps (`csv_recent`, `csv_online`; https://urlhaus.abuse.ch/api/#csv): `#` comment
 * lines, the last of which names the columns, then one row per URL, every field double-quoted:
 *   # id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter
 * Columns are found by name (older dumps have no `last_online`; extra columns are ignored); an
 * empty `tags` is written `None`, an offline URL has an empty `last_online`.
 */
import { csvRows } from "./csv-rows.ts";
import { FeedFormatError, feedDate, urlParts, withoutBom, type ParseResult } from "./types.ts";

const DOCUMENTED = [
  "id",
  "dateadded",
  "url",
  "url_status",
  "last_online",
  "threat",
  "tags",
  "urlhaus_link",
  "reporter",
];

/** The column names of the comment header (`# id,dateadded,url,...`), or null without one. */
function headerColumns(text: string): string[] | null {
  let found: string[] | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith("#")) continue;
    const cells = line
      .replace(/^#\s*/, "")
      .trim()
      .split(",")
      .map((c) => c.trim().replace(/^"|"$/g, ""));
    if (cells.includes("url") && cells.includes("id")) found = cells;
  }
  return found;
}

export function parseUrlhausCsv(text: string): ParseResult {
  const body = withoutBom(text);
  if (/^\s*</.test(body)) throw new FeedFormatError("markup instead of a URLhaus CSV dump");
  const columns = headerColumns(body) ?? DOCUMENTED;
  const urlAt = columns.indexOf("url");
  const addedAt = columns.indexOf("dateadded");
  if (urlAt < 0) throw new FeedFormatError(`no url column in: ${columns.join(",")}`);
  const { rows, broken } = csvRows(body, { comments: true });
  const records: ParseResult["records"] = [];
  let skipped = broken;
  for (const fields of rows) {
    const url = fields[urlAt]?.trim();
    const parts = url ? urlParts(url) : null;
    if (!url || !parts) {
      skipped++;
      continue;
    }
    records.push({
      feed: "urlhaus",
      url,
      host: parts.host,
      ips: parts.ip ? [parts.ip] : [],
      first_seen: addedAt >= 0 ? feedDate(fields[addedAt]) : null,
    });
  }
  if (records.length === 0 && skipped > 0) throw new FeedFormatError(`no readable rows (${skipped} broken)`);
  return { records, skipped };
}
