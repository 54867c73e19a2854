import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseOpenPhish } from "./parse-openphish.ts";
import { parsePhishTank } from "./parse-phishtank.ts";
import { parseUrlhausCsv } from "./parse-urlhaus.ts";
import type { FeedRecord } from "./types.ts";

// Real feed dumps (apps/worker/samples/feeds, SOURCES.md). Each is checked against an oracle that
// does not use the parser: the raw lines read by hand-written rules specific to each sample (the
// URLhaus id repeated in urlhaus_link, PhishTank's phish_id repeated in phish_detail_url), and
// `new URL` for the host. The share right per field is printed and must be >= 95%.

const sample = (name: string) =>
  readFileSync(new URL(`../../../samples/feeds/${name}`, import.meta.url), "utf8");

interface Expected {
  url: string;
  first_seen: string | null;
}

function score(feed: string, got: FeedRecord[], want: Expected[]) {
  const byUrl = new Map(got.map((r) => [r.url, r]));
  const fields = { url: 0, host: 0, first_seen: 0 };
  for (const w of want) {
    const r = byUrl.get(w.url);
    if (!r) continue;
    fields.url++;
    if (r.host === new URL(w.url).hostname.toLowerCase()) fields.host++;
    if (r.first_seen === w.first_seen) fields.first_seen++;
  }
  const shares = Object.fromEntries(Object.entries(fields).map(([k, n]) => [k, n / want.length]));
  console.log(`${feed}: ${want.length} records, share right per field`, shares);
  for (const share of Object.values(shares)) expect(share).toBeGreaterThanOrEqual(0.95);
  expect(got).toHaveLength(want.length);
}

/** URLhaus rows: every field quoted, the id repeated at the end of urlhaus_link. */
function urlhausOracle(text: string): Expected[] {
  return text
    .split(/\r?\n/)
    .filter((l) => l.startsWith('"'))
    .map((line) => {
      const m =
        /^"(\d+)","([^"]*)","(.*)","(?:online|offline)",.*"https:\/\/urlhaus\.abuse\.ch\/url\/\1\/","[^"]*"$/.exec(
          line,
        );
      if (!m) throw new Error(`oracle cannot read ${line}`);
      return { url: m[3]!.replace(/""/g, '"'), first_seen: `${m[2]!.replace(" ", "T")}.000Z` };
    });
}

/** PhishTank CSV rows: `<id>,<url>,http://www.phishtank.com/phish_detail.php?phish_id=<id>,<submitted>,...`. */
function phishtankCsvOracle(text: string): Expected[] {
  return text
    .split("\n")
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const m =
        /^(\d+),(.*),http:\/\/www\.phishtank\.com\/phish_detail\.php\?phish_id=\1,([^,]+),yes,[^,]+,yes,/.exec(
          line,
        );
      if (!m) throw new Error(`oracle cannot read ${line}`);
      const raw = m[2]!;
      const url = raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw;
      return { url, first_seen: new Date(m[3]!).toISOString() };
    });
}

describe("feed parsers on real dumps", () => {
  it("URLhaus csv_online and csv_recent", () => {
    for (const name of ["urlhaus-csv_online-2026-08-18.csv", "urlhaus-csv_recent-2026-02-26.csv"]) {
      const text = sample(name);
      const r = parseUrlhausCsv(text);
      expect(r.skipped).toBe(0);
      score(name, r.records, urlhausOracle(text));
    }
  });

  it("URLhaus with a byte-order mark, CRLF and the older layout without last_online", () => {
    const text = sample("urlhaus-csv_recent-2026-02-26.csv");
    const older = text
      .replace("url_status,last_online,threat", "url_status,threat")
      .replace(/"(online|offline)","[^"]*","malware_download"/g, '"$1","malware_download"');
    for (const variant of [`\uFEFF${text}`, text.replace(/\n/g, "\r\n"), older]) {
      score("urlhaus variant", parseUrlhausCsv(variant).records, urlhausOracle(text));
    }
  });

  it("URLhaus with a column added at the end (read by name, not position)", () => {
    const text = sample("urlhaus-csv_online-2026-08-18.csv")
      .replace("urlhaus_link,reporter", "urlhaus_link,reporter,country")
      .replace(/^(".*")$/gm, '$1,"NL"');
    score(
      "urlhaus extra column",
      parseUrlhausCsv(text).records,
      urlhausOracle(sample("urlhaus-csv_online-2026-08-18.csv")),
    );
  });

  it("OpenPhish feed.txt", () => {
    const text = sample("openphish-feed.txt");
    const want = text
      .split("\n")
      .filter(Boolean)
      .map((url) => ({ url, first_seen: null }));
    const r = parseOpenPhish(text);
    score(
      "openphish",
      [...new Map(r.records.map((x) => [x.url, x])).values()],
      [...new Map(want.map((w) => [w.url, w])).values()],
    );
  });

  it("PhishTank online-valid.csv (URLs with commas quoted, targets with spaces quoted)", () => {
    const text = sample("phishtank-online-valid.csv");
    score("phishtank csv", parsePhishTank(text).records, phishtankCsvOracle(text));
    score("phishtank csv with BOM", parsePhishTank(`\uFEFF${text}`).records, phishtankCsvOracle(text));
  });

  it("PhishTank online-valid.json (ids as numbers and strings, escaped slashes, with and without a BOM)", () => {
    const text = sample("phishtank-online-valid.json");
    const want = [
      ...text.matchAll(/"url":"((?:[^"\\]|\\.)*)","phish_detail_url".*?"submission_time":"([^"]+)"/g),
    ].map((m) => ({ url: m[1]!.replace(/\\\//g, "/"), first_seen: new Date(m[2]!).toISOString() }));
    expect(want).toHaveLength(5);
    score("phishtank json", parsePhishTank(text).records, want);
    score("phishtank json with BOM", parsePhishTank(`\uFEFF${text}`).records, want);
    expect(parsePhishTank(text).records[0]!.ips).toEqual(["199.36.158.100"]);
  });
});
