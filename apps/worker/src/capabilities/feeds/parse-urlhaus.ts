/**
 * URLhaus `csv_recent` dump: `#` comment lines (the last one names the columns), then one row
 * per URL with every field double-quoted:
 * id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter
 */
import { FeedFormatError, feedDate, urlParts, type ParseResult } from "./types.ts";

const COLUMNS = [
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

/** One CSV line of double-quoted fields (`""` escapes a quote); null when the quoting is broken. */
export function parseQuotedCsvLine(line: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '"') {
      // Unquoted field (URLhaus quotes all, but accept plain ones without quotes inside).
      const end = line.indexOf(",", i);
      const field = end < 0 ? line.slice(i) : line.slice(i, end);
      if (field.includes('"')) return null;
      out.push(field);
      if (end < 0) return out;
      i = end + 1;
      if (i === line.length) out.push("");
      continue;
    }
    let field = "";
    i++;
    for (;;) {
      const q = line.indexOf('"', i);
      if (q < 0) return null; // unterminated quote
      field += line.slice(i, q);
      if (line[q + 1] === '"') {
        field += '"';
        i = q + 2;
        continue;
      }
      i = q + 1;
      break;
    }
    out.push(field);
    if (i === line.length) return out;
    if (line[i] !== ",") return null;
    i++;
    if (i === line.length) out.push("");
  }
  return out;
}

export function parseUrlhausCsv(text: string): ParseResult {
  const lines = text.split(/\r?\n/);
  const header = lines
    .filter((l) => l.startsWith("#"))
    .map((l) => l.replace(/^#\s*/, "").trim())
    .find((l) => l.startsWith("id,"));
  if (header !== undefined && header !== COLUMNS.join(","))
    throw new FeedFormatError(`unexpected columns: ${header}`);
  const records: ParseResult["records"] = [];
  let skipped = 0;
  for (const line of lines) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const fields = parseQuotedCsvLine(line);
    const parts = fields && fields.length === COLUMNS.length ? urlParts(fields[2]!) : null;
    if (!fields || !parts) {
      skipped++;
      continue;
    }
    records.push({
      feed: "urlhaus",
      url: fields[2]!,
      host: parts.host,
      ips: parts.ip ? [parts.ip] : [],
      first_seen: feedDate(fields[1]),
    });
  }
  if (records.length === 0 && skipped > 0) throw new FeedFormatError(`no readable rows (${skipped} broken)`);
  if (header === undefined && records.length === 0 && text.trim() !== "")
    throw new FeedFormatError("no URLhaus header");
  return { records, skipped };
}
