import { describe, expect, it } from "vitest";
import { domainRdap, ipRdap } from "@brandwarden/world/registry/rdap-json";
import { domainWhois, networkWhois, noMatch } from "@brandwarden/world/registry/whois-text";
import { RegistryIndex } from "@brandwarden/world/registry/registry-index";
import { smallScenario } from "@brandwarden/world/testing/test-world";
import { eppStatus, parseRdapDomain, parseRdapIp } from "./rdap-parse.ts";
import { parseWhoisDomain, parseWhoisIp } from "./whois-parse.ts";
import { rdapBaseForDomain, rdapBaseForIpv4 } from "./rdap-client.ts";

// Pure parsers on fixtures the world's registries produce.

const scenario = smallScenario();
const index = new RegistryIndex(scenario);
const phish = scenario.lookalikes.find((l) => l.site_kind === "phishing")!;
const plain = scenario.lookalikes.find((l) => !l.registration.privacy && l.registration.registrant_org)!;
const owned = { ...scenario.brand.owned_domains[0]!, owned: true as const };
const now = new Date();

describe("RDAP domain", () => {
  it("reads registrar, abuse contact, dates, status, privacy and name servers", () => {
    const r = parseRdapDomain(domainRdap({ ...phish, owned: false }, "http://rdap/", now));
    expect(r.registrar).toBe(phish.registration.registrar);
    expect(r.registrar_abuse_email).toBe(phish.registration.abuse_email);
    expect(r.registrar_abuse_phone).toBe(phish.registration.abuse_phone);
    expect(r.registration_created).toBe(new Date(phish.registration.created).toISOString());
    expect(r.registration_updated).toBe(new Date(phish.registration.updated).toISOString());
    expect(r.registration_expires).toBe(new Date(phish.registration.expires).toISOString());
    expect(r.registration_status).toEqual(phish.registration.status);
    expect(r.privacy_protected).toBe(true);
    expect(r.name_servers).toEqual(phish.dns.ns);
  });

  it("sees a named registrant as not private", () => {
    expect(
      parseRdapDomain(domainRdap({ ...plain, owned: false }, "http://rdap/", now)).privacy_protected,
    ).toBe(false);
    expect(parseRdapDomain(domainRdap(owned, "http://rdap/", now)).privacy_protected).toBe(false);
  });

  it("turns RDAP status back into EPP codes", () => {
    expect(eppStatus("client transfer prohibited")).toBe("clientTransferProhibited");
  });
});

describe("RDAP IP", () => {
  it("reads ASN, owner, country and abuse contact", () => {
    const ip = phish.dns.a[0]!;
    const n = index.network(ip)!;
    const r = parseRdapIp(ipRdap(n, "http://rdap/", ip));
    expect(r).toMatchObject({ asn: n.asn, owner: n.owner, ip_country: n.country, hosting_abuse_email: n.abuse_email, asn_org: n.as_name }); // prettier-ignore
    expect(r.cidr).toBe(`${n.prefix}/${n.length}`);
  });
});

describe("WHOIS", () => {
  it("reads the Verisign layout like RDAP", () => {
    const w = parseWhoisDomain(domainWhois({ ...phish, owned: false }, now))!;
    const r = parseRdapDomain(domainRdap({ ...phish, owned: false }, "http://rdap/", now));
    expect(w.registrar).toBe(r.registrar);
    expect(w.registrar_abuse_email).toBe(r.registrar_abuse_email);
    expect(w.registration_status).toEqual(r.registration_status);
    expect(w.privacy_protected).toBe(true);
    expect(w.name_servers).toEqual(phish.dns.ns);
    expect(Date.parse(w.registration_created!)).toBe(
      Math.floor(Date.parse(r.registration_created!) / 1000) * 1000,
    );
    expect(parseWhoisDomain(domainWhois({ ...plain, owned: false }, now))!.privacy_protected).toBe(false);
  });

  it("reads ARIN's layout and says null for no match", () => {
    const ip = phish.dns.a[0]!;
    const n = index.network(ip)!;
    expect(parseWhoisIp(networkWhois(n))).toMatchObject({ asn: n.asn, owner: n.owner, ip_country: n.country, hosting_abuse_email: n.abuse_email }); // prettier-ignore
    expect(parseWhoisDomain(noMatch("nothing.com", now))).toBeNull();
    expect(parseWhoisIp(noMatch("1.2.3.4", now))).toBeNull();
  });
});

describe("IANA bootstrap", () => {
  const dns = { services: [[["com", "net"], ["https://rdap.verisign.com/com/v1/"]], [["co.uk", "uk"], ["http://a/", "https://b/"]]] as [string[], string[]][] }; // prettier-ignore
  const v4 = { services: [[["127.0.0.0/8"], ["http://x/"]], [["127.20.0.0/16"], ["http://y/"]]] as [string[], string[]][] }; // prettier-ignore
  it("finds the service for a TLD (https preferred) and the most specific IPv4 prefix", () => {
    expect(rdapBaseForDomain(dns, "acme.com")).toBe("https://rdap.verisign.com/com/v1/");
    expect(rdapBaseForDomain(dns, "acme.co.uk")).toBe("https://b/");
    expect(rdapBaseForDomain(dns, "acme.de")).toBeNull();
    expect(rdapBaseForIpv4(v4, "127.20.1.1")).toBe("http://y/");
    expect(rdapBaseForIpv4(v4, "127.1.1.1")).toBe("http://x/");
    expect(rdapBaseForIpv4(v4, "10.0.0.1")).toBeNull();
  });
});
