import { describe, expect, it } from "vitest";
import { campaignContextOf, campaignIdOf, clusterFindings } from "./cluster.ts";
import { campaignStrength, infrastructureKeys, keyKind, type ClusterEvidence } from "./keys.ts";

const BRAND = {
  ips: ["192.0.2.10"],
  name_servers: ["ns1.acmebank.com", "ns2.acmebank.com"],
  favicon_hashes: ["fav-brand"],
  html_hashes: ["html-brand"],
};

describe("infrastructureKeys", () => {
  it("derives one key per kind of shared infrastructure", () => {
    const keys = infrastructureKeys({
      domain: "acmebank-login.com",
      dns_a: ["203.0.113.7"],
      dns_aaaa: ["2001:db8::7"],
      dns_ns: ["NS2.evil-dns.net.", "ns1.evil-dns.net"],
      dns_mx: ["10 mx.evil-mail.net"],
      tls_fingerprint: "AB:CD",
      favicon_hash: "fav-kit",
      html_hash: "html-kit",
      asn: 64500,
    });
    expect(keys).toEqual([
      "cert:ab:cd",
      "favicon:fav-kit",
      "ip:2001:db8::7",
      "ip:203.0.113.7",
      "mx:mx.evil-mail.net",
      "net24:203.0.113.0/24",
      "ns:ns1.evil-dns.net,ns2.evil-dns.net",
      "page:html-kit",
    ]);
  });

  it("adds the /24 only for a known small host ASN", () => {
    const at = (asn: number | null) => infrastructureKeys({ domain: "x.com", dns_a: ["203.0.113.7"], asn });
    expect(at(64500)).toContain("net24:203.0.113.0/24");
    expect(at(13335)).not.toContain("net24:203.0.113.0/24"); // Cloudflare
    expect(at(null)).not.toContain("net24:203.0.113.0/24");
  });

  it("skips the brand's own infrastructure, hashes copied from the brand, shared NS and MX providers", () => {
    const keys = infrastructureKeys(
      {
        domain: "x.com",
        dns_a: ["192.0.2.10"],
        dns_ns: ["dns1.registrar-servers.com", "dns2.registrar-servers.com"],
        dns_mx: ["1 aspmx.l.google.com", "0 ."],
        favicon_hash: "fav-brand",
        html_hash: "html-brand",
      },
      BRAND,
    );
    expect(keys).toEqual([]);
  });

  it("gives parked names no infrastructure keys, and free-host names only content keys", () => {
    expect(infrastructureKeys({ domain: "x.com", dns_a: ["203.0.113.7"], parked: true })).toEqual([]);
    expect(
      infrastructureKeys({ domain: "x.com", dns_a: ["203.0.113.7"], dns_ns: ["ns1.bodis.com"] }),
    ).toEqual([]);
    expect(
      infrastructureKeys({
        domain: "acme.github.io",
        dns_a: ["185.199.108.153"],
        tls_fingerprint: "gh",
        html_hash: "kit",
      }),
    ).toEqual(["page:kit"]);
  });

  it("names key kinds", () => {
    expect(keyKind("ip:1.2.3.4")).toBe("ip");
    expect(keyKind("ns:a,b")).toBe("ns");
    expect(keyKind("weird:1")).toBeNull();
  });
});

describe("clusterFindings", () => {
  const reg = (domain: string, registrar: string | null, created: string) => ({
    domain,
    registrar,
    registration_created: created,
  });

  type Ev = Omit<ClusterEvidence, "domain">;
  it.each<[string, Ev, Ev?]>([
    ["ip", { dns_a: ["203.0.113.7"] }],
    ["net24 (small host)", { dns_a: ["203.0.113.7"], asn: 64500 }, { dns_a: ["203.0.113.99"], asn: 64500 }],
    ["ns", { dns_ns: ["ns1.evil-dns.net", "ns2.evil-dns.net"] }],
    ["mx", { dns_mx: ["10 mx.evil-mail.net"] }],
    ["cert", { tls_fingerprint: "ab:cd" }],
    ["favicon", { favicon_hash: "fav-kit" }],
    ["page", { html_hash: "html-kit" }],
  ])("links two findings sharing a %s key", (kind, a, b = a) => {
    const r = clusterFindings([{ domain: "a.com", ...a }, { domain: "b.com", ...b }, { domain: "c.com" }]);
    expect(r.clusters).toHaveLength(1);
    expect(r.clusters[0]!.domains).toEqual(["a.com", "b.com"]);
    expect(r.clusters[0]!.keys.map(keyKind)).toContain(kind.split(" ")[0]);
    expect(r.membership.has("c.com")).toBe(false);
  });

  it("does not link different IPs on a large host's /24", () => {
    const r = clusterFindings([
      { domain: "a.com", dns_a: ["104.16.0.1"], asn: 13335 },
      { domain: "b.com", dns_a: ["104.16.0.2"], asn: 13335 },
    ]);
    expect(r.clusters).toEqual([]);
  });

  it("links the same registrar within 48 hours (single linkage), not beyond", () => {
    const r = clusterFindings([
      reg("a.com", "NameSilo, LLC", "2025-05-01T00:00:00Z"),
      reg("b.com", "namesilo, llc", "2025-05-02T23:00:00Z"), // 47 h later
      reg("c.com", "NameSilo, LLC", "2025-05-04T22:00:00Z"), // 47 h after b
      reg("d.com", "NameSilo, LLC", "2025-05-07T00:00:00Z"), // 50 h after c
      reg("e.com", "Other Registrar", "2025-05-01T01:00:00Z"),
    ]);
    expect(r.clusters).toHaveLength(1);
    const c = r.clusters[0]!;
    expect(c.domains).toEqual(["a.com", "b.com", "c.com"]);
    expect(c.keys).toEqual(["registrar:namesilo, llc@2025-05-01"]);
    expect(c.earliest_registration).toBe("2025-05-01T00:00:00.000Z");
    expect(c.latest_registration).toBe("2025-05-04T22:00:00.000Z");
  });

  it("honours a custom registration window", () => {
    const findings = [reg("a.com", "R", "2025-05-01T00:00:00Z"), reg("b.com", "R", "2025-05-01T10:00:00Z")];
    expect(clusterFindings(findings, { registrationWindowHours: 5 }).clusters).toEqual([]);
    expect(clusterFindings(findings).clusters).toHaveLength(1);
  });

  it("joins chains of shared keys transitively and records only linking keys", () => {
    const r = clusterFindings([
      { domain: "a.com", dns_a: ["203.0.113.1"], tls_fingerprint: "only-a" },
      { domain: "b.com", dns_a: ["203.0.113.1"], dns_mx: ["mx.kit.net"] },
      { domain: "c.com", dns_mx: ["mx.kit.net"] },
    ]);
    expect(r.clusters).toHaveLength(1);
    const c = r.clusters[0]!;
    expect(c).toMatchObject({
      size: 3,
      domains: ["a.com", "b.com", "c.com"],
      keys: ["ip:203.0.113.1", "mx:mx.kit.net"],
    });
    expect(c.earliest_registration).toBeNull();
    expect(r.membership.get("a.com")!.keys).toEqual(["ip:203.0.113.1"]);
    expect(r.membership.get("b.com")!.keys).toEqual(["ip:203.0.113.1", "mx:mx.kit.net"]);
    expect(r.membership.get("b.com")!.strength).toBe(campaignStrength(3, ["ip:x", "mx:y"]));
    expect(campaignContextOf(r, "a.com")).toEqual({
      campaign_id: c.campaign_id,
      size: 3,
      keys: ["ip:203.0.113.1"],
    });
    expect(campaignContextOf(r, "z.com")).toBe(false);
  });

  it("gives stable ids from the member domains, whatever the input order", () => {
    const a = clusterFindings([
      { domain: "a.com", dns_a: ["203.0.113.1"] },
      { domain: "b.com", dns_a: ["203.0.113.1"] },
    ]);
    const b = clusterFindings([
      { domain: "b.com", dns_a: ["203.0.113.1"] },
      { domain: "a.com", dns_a: ["203.0.113.1"] },
    ]);
    expect(a.clusters[0]!.campaign_id).toBe(b.clusters[0]!.campaign_id);
    expect(a.clusters[0]!.campaign_id).toBe(campaignIdOf(["b.com", "a.com"]));
    expect(a.clusters[0]!.campaign_id).toMatch(/^cmp_[0-9a-f]{16}$/);
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

describe("campaignStrength", () => {
  it("is 0 below two members and grows with size and with independent key kinds", () => {
    expect(campaignStrength(1, ["ip:x"])).toBe(0);
    expect(campaignStrength(2, [])).toBe(0);
    expect(campaignStrength(2, ["ip:x"])).toBeLessThan(campaignStrength(5, ["ip:x"]));
    expect(campaignStrength(5, ["ip:x"])).toBeLessThan(campaignStrength(5, ["ip:x", "ns:y"]));
    expect(campaignStrength(9, ["cert:x"])).toBe(1);
  });
});
