import { describe, expect, it } from "vitest";
import { campaignStrength, keyKind } from "../provider-facts/key-strength.ts";
import { infrastructureKeys } from "./keys.ts";

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

  it("links no page while a brand page hash predates the reference TLSH form", () => {
    const T1 = `tlsh:T1${"A".repeat(70)}`;
    const ev = { domain: "x.com", html_hash: T1 };
    expect(infrastructureKeys(ev, { html_hashes: [`tlsh:${"A".repeat(70)}`] })).toEqual([]);
    expect(infrastructureKeys(ev, { html_hashes: [`tlsh:T1${"B".repeat(70)}`] })).toEqual([`page:${T1}`]);
  });

  it("names key kinds", () => {
    expect(keyKind("ip:1.2.3.4")).toBe("ip");
    expect(keyKind("ns:a,b")).toBe("ns");
    expect(keyKind("weird:1")).toBeNull();
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
