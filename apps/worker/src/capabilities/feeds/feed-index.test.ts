import { describe, expect, it } from "vitest";
import { createFeedIndex, feedQueryOf, normaliseUrl } from "./feed-index.ts";
import type { FeedRecord } from "./types.ts";

const rec = (
  feed: FeedRecord["feed"],
  url: string,
  ips: string[] = [],
  first_seen: string | null = null,
): FeedRecord => ({
  feed,
  url,
  host: new URL(url).hostname,
  ips,
  first_seen,
});

const index = createFeedIndex([
  rec("openphish", "https://acmebank-login.com/secure/", [], null),
  rec("urlhaus", "http://cdn.acmebank-verify.top/payload.exe", [], "2025-05-01T00:00:00.000Z"),
  rec("phishtank", "http://other-phish.example/x", ["203.0.113.9"]),
  rec("urlhaus", "http://198.51.100.4/bins/x", ["198.51.100.4"]),
  rec("openphish", "https://evil.github.io/acme"),
]);

describe("FeedIndex", () => {
  it("matches the exact host as a domain hit", () => {
    expect(index.match({ domain: "acmebank-login.com" })).toEqual([
      { feed: "openphish", matched: "domain", value: "https://acmebank-login.com/secure/", first_seen: null },
    ]);
  });

  it("matches a listed subdomain of the finding's registrable domain", () => {
    const hits = index.match({ domain: "acmebank-verify.top" });
    expect(hits).toEqual([
      {
        feed: "urlhaus",
        matched: "domain",
        value: "http://cdn.acmebank-verify.top/payload.exe",
        first_seen: "2025-05-01T00:00:00.000Z",
      },
    ]);
  });

  it("does not match another tenant of a free host", () => {
    expect(index.match({ domain: "acme.github.io" })).toEqual([]);
  });

  it("matches a URL seen for the finding, preferring the URL over the domain", () => {
    const hits = index.match({
      domain: "acmebank-login.com",
      urls: ["HTTPS://ACMEBANK-LOGIN.COM/secure#top", null],
    });
    expect(hits).toHaveLength(1);
    expect(hits[0]!.matched).toBe("url");
  });

  it("matches by IP, from PhishTank details and from URLs on a bare address", () => {
    expect(index.match({ domain: "unlisted.example", ips: ["203.0.113.9"] })[0]).toMatchObject({
      feed: "phishtank",
      matched: "ip",
    });
    expect(index.match({ domain: "unlisted.example", ips: ["198.51.100.4"] })[0]).toMatchObject({
      feed: "urlhaus",
      matched: "ip",
    });
    expect(index.match({ domain: "unlisted.example", ips: ["192.0.2.1"] })).toEqual([]);
  });

  it("normalises URLs for comparison", () => {
    expect(normaliseUrl("HTTP://Example.COM/a/#x")).toBe("http://example.com/a");
    expect(normaliseUrl("not a url")).toBeNull();
  });
});

describe("feedQueryOf", () => {
  it("looks a finding up by name, its root and seen URLs, and its addresses", () => {
    const q = feedQueryOf({
      domain: "acmebank-login.com",
      final_url: "https://acmebank-login.com/secure/",
      redirect_chain: ["http://acmebank-login.com/"],
      dns_a: ["203.0.113.9"],
      dns_aaaa: null,
    });
    expect(index.match(q).map((h) => h.matched)).toEqual(["url", "ip"]);
    expect(q.urls).toContain("https://acmebank-login.com/");
  });
});
