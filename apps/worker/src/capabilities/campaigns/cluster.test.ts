import { describe, expect, it } from "vitest";
import { campaignContextOf, campaignIdOf, clusterFindings } from "./cluster.ts";
import { keyKind } from "../provider-facts/key-strength.ts";
import { apart, burst, CLOUDFLARE, HOSTINGER, SMALL_HOST, type Ev } from "../../../test/cluster-evidence.ts";

const own = (name: string, fp: string): Ev => ({ tls_fingerprint: fp, tls_sans: [name, `www.${name}`] });

/** Clusters of two findings a.com and b.com with the given evidence, attack campaigns only. */
function pair(a: Ev, b: Ev = a) {
  const r = clusterFindings([
    { domain: "a.com", ...a },
    { domain: "b.com", ...b },
    { domain: "c.com", ...apart(9) },
  ]);
  return r.clusters.filter((c) => c.kind === "attack");
}
const linked = (a: Ev, b: Ev = a) => pair(a, b).length === 1;

describe("key kinds", () => {
  it("a dedicated IP links on its own", () => {
    const c = pair(
      { dns_a: ["203.0.113.7"], asn: SMALL_HOST, ...apart(1) },
      { dns_a: ["203.0.113.7"], asn: SMALL_HOST, ...apart(2) },
    );
    expect(c).toHaveLength(1);
    expect(c[0]!.domains).toEqual(["a.com", "b.com"]);
    expect(c[0]!.keys).toContain("ip:203.0.113.7");
  });

  it("a shared-hosting IP is medium: not alone, yes with a registration burst", () => {
    const ip = { dns_a: ["198.51.100.9"], asn: HOSTINGER };
    expect(linked({ ...ip, ...apart(1) }, { ...ip, ...apart(2) })).toBe(false);
    expect(linked({ ...ip, ...burst(0) }, { ...ip, ...burst(30) })).toBe(true);
  });

  it("a CDN IP is no evidence, even with a registration burst", () => {
    const ip = { dns_a: ["104.16.0.1"], asn: CLOUDFLARE };
    expect(linked({ ...ip, ...burst(0) }, { ...ip, ...burst(1) })).toBe(false);
  });

  it("a certificate made for a few of the names links on its own", () => {
    const cert = { tls_fingerprint: "sha256:aa", tls_sans: ["a.com", "b.com", "www.a.com"] };
    expect(linked({ ...cert, ...apart(1) }, { ...cert, ...apart(2) })).toBe(true);
  });

  it("a many-name certificate, a CDN's edge certificate or a host's default one is no evidence", () => {
    const many = {
      tls_fingerprint: "sha256:bb",
      tls_sans: Array.from({ length: 30 }, (_, i) => `n${i}.com`).concat(["a.com", "b.com"]),
    };
    expect(linked({ ...many, ...burst(0) }, { ...many, ...burst(1) })).toBe(false);
    const edge = {
      ...own("a.com", "sha256:cc"),
      tls_sans: ["a.com", "b.com"],
      asn: CLOUDFLARE,
      dns_a: ["104.16.0.1"],
    };
    expect(linked({ ...edge, ...apart(1) }, { ...edge, ...apart(2) })).toBe(false);
    const fallback = { tls_fingerprint: "sha256:dd", tls_sans: ["localhost.localdomain"] };
    expect(linked({ ...fallback, ...burst(0) }, { ...fallback, ...burst(1) })).toBe(false);
  });

  it.each([
    ["custom name servers", { dns_ns: ["ns1.evil-dns.net", "ns2.evil-dns.net"] }],
    ["a custom mail server", { dns_mx: ["10 mx.evil-mail.net"] }],
    ["one kit page", { html_hash: "kit-1" }],
  ])("%s are medium: not alone, yes with a registration burst", (_, key) => {
    expect(linked({ ...key, ...apart(1) }, { ...key, ...apart(2) })).toBe(false);
    expect(linked({ ...key, ...burst(0) }, { ...key, ...burst(5) })).toBe(true);
  });

  it("two independent medium keys link without a burst", () => {
    const ev = { dns_ns: ["ns1.evil-dns.net", "ns2.evil-dns.net"], html_hash: "kit-1" };
    expect(linked({ ...ev, ...apart(1) }, { ...ev, ...apart(2) })).toBe(true);
  });

  it.each([
    ["a mass-market registrar's name servers", { dns_ns: ["ns1.worldnic.com", "ns2.worldnic.com"] }],
    ["a CDN's name servers", { dns_ns: ["ada.ns.cloudflare.com", "bob.ns.cloudflare.com"] }],
    ["a mass mail provider", { dns_mx: ["1 aspmx.l.google.com"] }],
    ["a parking service", { dns_a: ["203.0.113.7"], asn: SMALL_HOST, parked: true }],
    ["a /24 of a small host (weak)", { asn: SMALL_HOST }],
    ["a non-brand favicon (weak)", { favicon_hash: "fav-1" }],
  ])("%s plus a registration burst is not a campaign", (name, key) => {
    const b = name.startsWith("a /24") ? { dns_a: ["203.0.113.99"] } : {};
    const a = name.startsWith("a /24") ? { dns_a: ["203.0.113.7"] } : {};
    expect(linked({ ...key, ...a, ...burst(0) }, { ...key, ...b, ...burst(2) })).toBe(false);
  });

  it("a registration burst alone is not a campaign, except for a name whose DNS failed", () => {
    expect(linked(burst(0), burst(1))).toBe(false);
    const ip = { dns_a: ["203.0.113.7"], asn: SMALL_HOST, dns_ns: [] };
    const r = clusterFindings([
      { domain: "a.com", ...ip, ...burst(0) },
      { domain: "b.com", ...ip, ...burst(3) },
      { domain: "c.com", ...burst(6) }, // DNS unknown: no hosting to compare
      { domain: "d.com", dns_a: [], dns_ns: [], ...burst(2) }, // DNS answered: nothing shared
    ]);
    expect(r.clusters.map((c) => c.domains)).toEqual([["a.com", "b.com", "c.com"]]);
  });

  it("bursts are pairwise and follow the window", () => {
    const ip = { dns_a: ["198.51.100.9"], asn: HOSTINGER };
    expect(linked({ ...ip, ...burst(0) }, { ...ip, ...burst(47) })).toBe(true);
    expect(linked({ ...ip, ...burst(0) }, { ...ip, ...burst(50) })).toBe(false);
    const r = clusterFindings(
      [
        { domain: "a.com", ...ip, ...burst(0) },
        { domain: "b.com", ...ip, ...burst(10) },
      ],
      { registrationWindowHours: 5 },
    );
    expect(r.clusters).toEqual([]);
  });

  it("a key held by many domains registered years apart is shared infrastructure, not a campaign", () => {
    const findings = Array.from({ length: 30 }, (_, i) => ({
      domain: `shop${i}.com`,
      dns_a: ["203.0.113.50"],
      asn: SMALL_HOST,
      ...apart(i % 10),
    }));
    expect(clusterFindings(findings).clusters).toEqual([]);
  });
});

describe("no chaining through weak evidence", () => {
  it("a chain of pairwise links does not become one campaign", () => {
    // d0-d1 share ip1, d1-d2 share ip2, ... each link strong, no three share anything.
    const findings = Array.from({ length: 8 }, (_, i) => ({
      domain: `d${i}.com`,
      asn: SMALL_HOST,
      dns_a: [`203.0.113.${i}`, `203.0.113.${i + 1}`],
      ...apart(i),
    }));
    const r = clusterFindings(findings);
    expect(Math.max(...r.clusters.map((c) => c.size))).toBeLessThanOrEqual(2);
  });

  it("one link between two campaigns does not merge them", () => {
    const campaign = (name: string, ip: string) =>
      Array.from({ length: 5 }, (_, i) => ({
        domain: `${name}${i}.com`,
        dns_a: [ip],
        asn: SMALL_HOST,
        ...burst(i, name),
      }));
    const a = campaign("a", "203.0.113.1");
    const b = campaign("b", "203.0.113.2");
    a[0] = { ...a[0]!, tls_fingerprint: "sha256:bridge", tls_sans: ["a0.com", "b0.com"] };
    b[0] = { ...b[0]!, tls_fingerprint: "sha256:bridge", tls_sans: ["a0.com", "b0.com"] };
    const r = clusterFindings([...a, ...b]);
    expect(r.clusters.map((c) => c.size)).toEqual([5, 5]);
  });

  it("two actors using one kit page stay two campaigns", () => {
    const actor = (name: string, ip: string, h: number) =>
      Array.from({ length: 4 }, (_, i) => ({
        domain: `${name}${i}.com`,
        dns_a: [ip],
        asn: SMALL_HOST,
        html_hash: "kit",
        ...burst(h + i),
      }));
    const r = clusterFindings([...actor("a", "203.0.113.1", 0), ...actor("b", "203.0.113.2", 24 * 30)]);
    expect(r.clusters.map((c) => c.domains.map((d) => d[0]).join("")).sort()).toEqual(["aaaa", "bbbb"]);
  });
});

describe("the brand's own registrations", () => {
  const brand = { domains: ["acmebank.com"], name_servers: ["ns1.acmebank.com"], ips: ["192.0.2.10"] };
  it("groups names that forward to the brand at a brand-protection registrar, use its name servers or its certificate as defensive", () => {
    const r = clusterFindings(
      [
        {
          domain: "acmebank.net",
          redirects_to_brand: true,
          registrar: "MarkMonitor Inc.",
          dns_a: ["198.51.100.1"],
          asn: SMALL_HOST,
        },
        { domain: "acmebank.org", dns_ns: ["ns1.acmebank.com"], dns_a: ["198.51.100.1"], asn: SMALL_HOST },
        { domain: "acme-bank.com", tls_fingerprint: "sha256:x", tls_sans: ["acmebank.com", "acme-bank.com"] },
        { domain: "acmebank-login.com", dns_a: ["198.51.100.1"], asn: SMALL_HOST },
      ],
      { brand },
    );
    expect(r.clusters).toHaveLength(1);
    const d = r.clusters[0]!;
    expect(d).toMatchObject({
      kind: "defensive",
      domains: ["acme-bank.com", "acmebank.net", "acmebank.org"],
    });
    expect(d.campaign_id).toMatch(/^def_[0-9a-f]{16}$/);
    expect(d.name).toMatch(/^Probably the brand's own registrations · 3 domains$/);
    expect(d.evidence!.map((e) => e.text)).toContain("redirects to the brand's own site: 1 of 3 domains");
    expect(d.evidence!.map((e) => e.text)).toContain(
      "registered at a brand-protection registrar (MarkMonitor, CSC ...): 1 of 3 domains",
    );
    // The shared IP no longer makes acmebank-login.com part of an attack campaign.
    expect(r.membership.get("acmebank-login.com")).toBeUndefined();
    expect(campaignContextOf(r, "acmebank.net")).toMatchObject({
      kind: "defensive",
      keys: ["brand:redirect", "brand:registrar"],
    });
    expect(r.membership.get("acmebank.net")!.strength).toBe(0);
  });
});

describe("clusterFindings output", () => {
  const campaign = [0, 5, 20].map((h, i) => ({
    domain: `l${i}.com`,
    dns_a: ["127.20.80.1"],
    asn: HOSTINGER,
    asn_org: "HOSTINGER-AS",
    ...burst(h),
  }));

  it("names campaigns by their lead key, registration span and size, with evidence in words", () => {
    const c = clusterFindings(campaign).clusters[0]!;
    expect(c.name).toBe("Hostinger 127.20.80.1 · registered May 1 · 3 domains");
    expect(c.kind).toBe("attack");
    expect(c.evidence!.map((e) => e.text)).toEqual([
      "same IP address 127.20.80.1 (Hostinger): all 3 domains",
      "registered at NameSilo within 48 hours of each other, from May 1, 2025: all 3 domains",
    ]);
    expect(c.earliest_registration).toBe("2025-05-01T00:00:00.000Z");
    expect(c.latest_registration).toBe("2025-05-01T20:00:00.000Z");
    expect(c.keys.map(keyKind)).toEqual(["ip", "registrar"]);
  });

  it("gives stable ids from the member domains, whatever the input order", () => {
    const a = clusterFindings(campaign).clusters[0]!;
    const b = clusterFindings([...campaign].reverse()).clusters[0]!;
    expect(a.campaign_id).toBe(b.campaign_id);
    expect(a.campaign_id).toBe(campaignIdOf(["l2.com", "l0.com", "l1.com"]));
    expect(a.campaign_id).toMatch(/^cmp_[0-9a-f]{16}$/);
    expect(campaignContextOf(clusterFindings(campaign), "zz.com")).toBe(false);
  });

  it("sorts clusters largest first and scales to thousands of findings", () => {
    const findings = Array.from({ length: 3000 }, (_, i) => ({
      domain: `l${i}.com`,
      dns_a: [`198.51.${i % 50}.${i % 7}`],
    }));
    const r = clusterFindings(findings);
    expect(r.clusters.length).toBeGreaterThan(0);
    for (let i = 1; i < r.clusters.length; i++)
      expect(r.clusters[i - 1]!.size).toBeGreaterThanOrEqual(r.clusters[i]!.size);
  });
});
