import { describe, expect, it } from "vitest";
import { FeedsSchema } from "@brandwarden/world/scenario/services-schema";
import { openphishTxt, phishtankJson, urlhausCsv } from "@brandwarden/world/services/feeds";
import { parseOpenPhish } from "./parse-openphish.ts";
import { parsePhishTank } from "./parse-phishtank.ts";
import { parseUrlhausCsv } from "./parse-urlhaus.ts";
import { FeedFormatError } from "./types.ts";

// A real csv_recent excerpt (abuse.ch format, values changed).
const URLHAUS = `################################################################
# abuse.ch URLhaus Database Dump (CSV - recent URLs only)      #
# Last updated: 2025-05-31 10:05:04 (UTC)                      #
#                                                              #
# Terms Of Use: https://urlhaus.abuse.ch/api/                  #
# For questions please contact urlhaus [at] abuse.ch           #
################################################################
#
# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter
"3456789","2025-05-31 10:03:07","http://acmebank-login.com/secure/index.php","online","2025-05-31 10:03:07","malware_download","elf,""quoted"" tag","https://urlhaus.abuse.ch/url/3456789/","abuse_ch"
"3456788","2025-05-31 09:58:11","http://203.0.113.9:8080/i","offline","","malware_download","32-bit,elf","https://urlhaus.abuse.ch/url/3456788/","geenensp"
`;

const WORLD = FeedsSchema.parse({
  entries: [
    {
      url: "http://acmebank-verify.top/login",
      ip_address: "127.0.5.5",
      added_at: "2025-05-01T12:00:00.000Z",
    },
    { url: "https://secure.acmebamk.com/", ip_address: "127.0.5.6", online: false },
  ],
});

describe("URLhaus csv_recent", () => {
  it("reads the comment header and quoted columns, with escaped quotes", () => {
    const { records, skipped } = parseUrlhausCsv(URLHAUS);
    expect(skipped).toBe(0);
    expect(records).toEqual([
      {
        feed: "urlhaus",
        url: "http://acmebank-login.com/secure/index.php",
        host: "acmebank-login.com",
        ips: [],
        first_seen: "2025-05-31T10:03:07.000Z",
      },
      {
        feed: "urlhaus",
        url: "http://203.0.113.9:8080/i",
        host: "203.0.113.9",
        ips: ["203.0.113.9"],
        first_seen: "2025-05-31T09:58:11.000Z",
      },
    ]);
  });

  it("reads the world's URLhaus dump (CRLF line ends)", () => {
    const { records } = parseUrlhausCsv(urlhausCsv(WORLD.entries));
    expect(records.map((r) => r.host)).toEqual(["acmebank-verify.top", "secure.acmebamk.com"]);
    expect(records[0]!.first_seen).toBe("2025-05-01T12:00:00.000Z");
  });

  it("skips a broken row among good ones", () => {
    const r = parseUrlhausCsv(URLHAUS + '"1","2025-01-01 00:00:00","http://broken.example/\n"2",oops\n');
    expect(r.records).toHaveLength(2);
    // The quote left open swallows the line break (RFC 4180), so both lines are one broken record.
    expect(r.skipped).toBe(1);
  });

  it("rejects a body with the wrong columns or only broken rows", () => {
    expect(() =>
      parseUrlhausCsv(
        '# id,dateadded,url,url_status\n"1","2024-01-01 00:00:00","http://broken.example/\n"2",oops\n',
      ),
    ).toThrow(FeedFormatError);
    expect(() => parseUrlhausCsv('"x","y"\n')).toThrow(FeedFormatError);
    expect(() => parseUrlhausCsv("<html>503</html>")).toThrow(FeedFormatError);
  });

  it("accepts an empty dump", () => {
    expect(
      parseUrlhausCsv("# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter\n"),
    ).toEqual({
      records: [],
      skipped: 0,
    });
  });
});

describe("OpenPhish feed.txt", () => {
  it("reads one URL per line", () => {
    const r = parseOpenPhish("https://acmebank-login.com/a\n\nhttp://acmebank.github.io/x\n");
    expect(r.records.map((x) => [x.host, x.feed, x.first_seen])).toEqual([
      ["acmebank-login.com", "openphish", null],
      ["acmebank.github.io", "openphish", null],
    ]);
    expect(parseOpenPhish(openphishTxt(WORLD.entries)).records).toHaveLength(2);
    expect(parseOpenPhish("").records).toEqual([]);
  });

  it("skips a stray bad line but rejects an HTML page or garbage", () => {
    expect(parseOpenPhish("https://a.example/\nhttps://b.example/\nnot a url\n").skipped).toBe(1);
    expect(() => parseOpenPhish("<html><head><title>502 Bad Gateway</title></head></html>")).toThrow(
      FeedFormatError,
    );
    expect(() => parseOpenPhish("garbage\u0000\u0001\nmore garbage")).toThrow(FeedFormatError);
  });
});

describe("PhishTank online-valid.json", () => {
  it("reads url, submission time and the detail IPs; leaves out unverified and offline entries", () => {
    const r = parsePhishTank(JSON.stringify(phishtankJson(WORLD.entries)));
    expect(r.records).toEqual([
      {
        feed: "phishtank",
        url: "http://acmebank-verify.top/login",
        host: "acmebank-verify.top",
        ips: ["127.0.5.5"],
        first_seen: "2025-05-01T12:00:00.000Z",
      },
    ]);
    const unverified = [{ phish_id: 1, url: "http://x.example/", verified: "no", online: "yes" }];
    expect(parsePhishTank(JSON.stringify(unverified)).records).toEqual([]);
  });

  it("skips entries without a usable URL", () => {
    const r = parsePhishTank(
      JSON.stringify([{ phish_id: 1 }, { url: "ftp://x" }, { url: "http://ok.example/" }]),
    );
    expect(r.records).toHaveLength(1);
    expect(r.skipped).toBe(2);
  });

  it("rejects truncated JSON, a non-array and an array of junk", () => {
    expect(() =>
      parsePhishTank('[{"phish_id":1,"url":"http://truncated.example/","details":[{"ip_address":'),
    ).toThrow(FeedFormatError);
    expect(() => parsePhishTank('{"error":"rate limited"}')).toThrow(FeedFormatError);
    expect(() => parsePhishTank("[1,2,3]")).toThrow(FeedFormatError);
  });
});
