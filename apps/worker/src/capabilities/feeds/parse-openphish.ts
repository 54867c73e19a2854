/** OpenPhish community feed (`https://openphish.com/feed.txt`): one URL per line, LF line ends. */
import { FeedFormatError, urlParts, withoutBom, type ParseResult } from "./types.ts";

export function parseOpenPhish(text: string): ParseResult {
  if (/^\s*</.test(text)) throw new FeedFormatError("markup instead of a URL list");
  const records: ParseResult["records"] = [];
  let skipped = 0;
  for (const raw of withoutBom(text).split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const parts = urlParts(line);
    if (!parts) {
      skipped++;
      continue;
    }
    records.push({
      feed: "openphish",
      url: line,
      host: parts.host,
      ips: parts.ip ? [parts.ip] : [],
      first_seen: null,
    });
  }
  // A few bad lines are tolerated; a body that is mostly not URLs is not this feed.
  if (skipped > 0 && skipped >= records.length) throw new FeedFormatError(`${skipped} lines are not URLs`);
  return { records, skipped };
}
