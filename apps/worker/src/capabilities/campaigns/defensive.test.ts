import { describe, expect, it } from "vitest";
import { clusterFindings } from "./cluster.ts";
import { brandHints, defensiveReasons } from "./defensive.ts";
import type { BrandInfrastructure, ClusterEvidence } from "./keys.ts";

const SMALL_HOST = 64500;
const CLOUDFLARE = 13335;
const HOSTINGER = 47583;
const CF_NS = ["kim.ns.cloudflare.com", "tom.ns.cloudflare.com"];

/** A brand that runs its own name servers and a dedicated address. */
const SELF_HOSTED: BrandInfrastructure = {
  domains: ["acmebank.com"],
  ips: ["192.0.2.10"],
  name_servers: ["ns1.acmebank.com", "ns2.acmebank.com"],
};
/** The same brand behind Cloudflare: its address and name servers are the CDN's. */
const BEHIND_CDN: BrandInfrastructure = {
  domains: ["acmebank.com"],
  ips: ["104.16.1.1"],
  name_servers: CF_NS,
};

const ev = (e: Omit<ClusterEvidence, "domain">, domain = "acmebank-login.com"): ClusterEvidence => ({
  domain,
  ...e,
});

describe("one strong reason makes a name the brand's own", () => {
  it.each<[string, ClusterEvidence, string]>([
    ["the brand's own name servers", ev({ dns_ns: ["ns1.acmebank.com", "ns2.acmebank.com"] }), "brand:ns"],
    ["the brand's dedicated address", ev({ dns_a: ["192.0.2.10"], asn: SMALL_HOST }), "brand:ip"],
    [
      "a certificate issued for it and the brand's domain",
      ev({ tls_sans: ["acmebank.com", "acmebank-login.com"], asn: SMALL_HOST }),
      "brand:cert",
    ],
  ])("%s", (_, finding, reason) => {
    expect(defensiveReasons(finding, SELF_HOSTED)).toEqual([reason]);
  });
});

describe("one weak reason never suffices", () => {
  it("a redirect to the brand alone is not enough: kits send bots to the real site", () => {
    const f = ev({ redirects_to_brand: true, dns_a: ["203.0.113.5"], asn: SMALL_HOST });
    expect(brandHints(f, SELF_HOSTED)).toEqual(["brand:redirect"]);
    expect(defensiveReasons(f, SELF_HOSTED)).toEqual([]);
  });

  it("a brand-protection registrar alone is not enough; with a redirect it is", () => {
    const f = ev({ registrar: "MarkMonitor Inc.", dns_a: ["203.0.113.5"], asn: SMALL_HOST });
    expect(defensiveReasons(f, SELF_HOSTED)).toEqual([]);
    expect(defensiveReasons({ ...f, redirects_to_brand: true }, SELF_HOSTED)).toEqual([
      "brand:redirect",
      "brand:registrar",
    ]);
  });

  it("a certificate of the brand's domains that does not name the lookalike is only a hint", () => {
    const f = ev({ tls_sans: ["acmebank.com", "www.acmebank.com"], dns_a: ["203.0.113.5"], asn: SMALL_HOST });
    expect(defensiveReasons(f, SELF_HOSTED)).toEqual([]);
  });
});

describe("a brand on mass-market infrastructure", () => {
  it("a phishing site on the brand's CDN address and name-server pair is not the brand's own", () => {
    const phish = ev({
      dns_a: ["104.16.1.1"],
      asn: CLOUDFLARE,
      dns_ns: CF_NS,
      html_hash: "kit",
    });
    expect(brandHints(phish, BEHIND_CDN)).toEqual([]);
    const r = clusterFindings(
      [phish, ev({ dns_a: ["203.0.113.5"], asn: SMALL_HOST, html_hash: "x" }, "acmebank-verify.com")],
      { brand: BEHIND_CDN },
    );
    expect(r.clusters.filter((c) => c.kind === "defensive")).toEqual([]);
    expect(r.membership.get("acmebank-login.com")).toBeUndefined();
  });

  it("the brand's address on a shared hoster is no reason, nor is a CDN certificate naming the brand", () => {
    const brand = { ...SELF_HOSTED, ips: ["198.51.100.9"] };
    expect(brandHints(ev({ dns_a: ["198.51.100.9"], asn: HOSTINGER }), brand)).toEqual([]);
    const cdnCert = ev({
      dns_a: ["104.16.9.9"],
      asn: CLOUDFLARE,
      tls_sans: ["acmebank.com", "acmebank-login.com"],
    });
    expect(brandHints(cdnCert, SELF_HOSTED)).toEqual([]);
    const manyNames = Array.from({ length: 20 }, (_, i) => `shop${i}.com`);
    const bigCert = ev({ tls_sans: [...manyNames, "acmebank.com", "acmebank-login.com"], asn: SMALL_HOST });
    expect(brandHints(bigCert, SELF_HOSTED)).toEqual([]);
  });

  it("an address of a network the scan shows to be a mass hoster is no reason", () => {
    const brand = { ...SELF_HOSTED, ips: ["198.18.0.1"] };
    const f = ev({ dns_a: ["198.18.0.1"], asn: 64510 });
    expect(defensiveReasons(f, brand)).toEqual(["brand:ip"]);
    expect(defensiveReasons(f, brand, new Set([64510]))).toEqual([]);
  });

  it("a defensive name behind the brand's CDN is still recognised by a redirect at the brand's registrar", () => {
    const f = ev(
      {
        dns_a: ["104.16.1.1"],
        asn: CLOUDFLARE,
        dns_ns: CF_NS,
        redirects_to_brand: true,
        registrar: "MarkMonitor Inc.",
      },
      "acmebank.org",
    );
    expect(defensiveReasons(f, BEHIND_CDN)).toEqual(["brand:redirect", "brand:registrar"]);
  });
});
