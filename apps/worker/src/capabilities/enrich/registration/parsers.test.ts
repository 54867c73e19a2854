import { describe, expect, it } from "vitest";
import { domainRdap, ipRdap } from "@brandwarden/world/registry/rdap-json";
import { domainNoMatch, domainWhois, networkWhois, noMatch } from "@brandwarden/world/registry/whois-text";
import { RegistryIndex } from "@brandwarden/world/registry/registry-index";
import { smallScenario } from "@brandwarden/world/testing/test-world";
import { eppStatus, parseRdapDomain, parseRdapIp } from "./rdap-parse.ts";
import { parseWhoisDomain, parseWhoisIp } from "./whois-parse.ts";
import { parseWhoisDate } from "./whois-dates.ts";
import { rdapBaseForDomain, rdapBaseForIp } from "./rdap-client.ts";

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
    expect(rdapBaseForIp(v4, "127.20.1.1")).toBe("http://y/");
    expect(rdapBaseForIp(v4, "127.1.1.1")).toBe("http://x/");
    expect(rdapBaseForIp(v4, "10.0.0.1")).toBeNull();
  });

  it("finds the service for an IPv6 address in ipv6.json (IANA's prefixes)", () => {
    // Entries as IANA publishes them (https://data.iana.org/rdap/ipv6.json).
    const v6 = { services: [[["2001:4200::/23", "2c00::/12"], ["https://rdap.afrinic.net/rdap/", "http://rdap.afrinic.net/rdap/"]], [["2001:400::/23", "2600::/12"], ["https://rdap.arin.net/registry/", "http://rdap.arin.net/registry/"]], [["2001:4800::/23"], ["https://rdap.arin.net/registry/"]]] as [string[], string[]][] }; // prettier-ignore
    expect(rdapBaseForIp(v6, "2607:f8b0:4004:c07::64")).toBe("https://rdap.arin.net/registry/");
    expect(rdapBaseForIp(v6, "2001:4860:4860::8888")).toBe("https://rdap.arin.net/registry/");
    expect(rdapBaseForIp(v6, "2c0f:fb50::1")).toBe("https://rdap.afrinic.net/rdap/");
    expect(rdapBaseForIp(v6, "2a00:1450::1")).toBeNull();
    expect(rdapBaseForIp(v6, "not-an-ip")).toBeNull();
  });
});

// Shapes RFC 9083 allows and registries use, beside the world's: the registrar named only in
// the vCard `org` (RFC 9083 figure 4 puts the organisation there), only by handle, the abuse
// contact beside the registrar instead of inside it, and event dates without a zone.
describe("RDAP shapes beside the gTLD profile", () => {
  const card = (...props: unknown[][]) => ["vcard", [["version", {}, "text", "4.0"], ...props]];
  const domain = (entities: unknown[], events: unknown[] = []) => ({ objectClassName: "domain", ldhName: "example.ch", entities, events }); // prettier-ignore

  it("names the registrar from org, else its handle", () => {
    const org = domain([{ objectClassName: "entity", roles: ["registrar"], vcardArray: card(["fn", {}, "text", ""], ["org", {}, "text", ["Example Registrar AG", "Domains"]]) }]); // prettier-ignore
    expect(parseRdapDomain(org).registrar).toBe("Example Registrar AG");
    const handle = domain([{ objectClassName: "entity", handle: "REG-EXAMPLE", roles: ["registrar"] }]);
    expect(parseRdapDomain(handle).registrar).toBe("REG-EXAMPLE");
    const ianaOnly = domain([{ objectClassName: "entity", handle: "292", roles: ["registrar"], publicIds: [{ type: "IANA Registrar ID", identifier: "292" }] }]); // prettier-ignore
    expect(parseRdapDomain(ianaOnly).registrar).toBe("IANA Registrar ID 292");
  });

  it("finds the abuse contact beside the registrar when it is not inside", () => {
    const r = parseRdapDomain(
      domain([
        { objectClassName: "entity", roles: ["registrar"], vcardArray: card(["fn", {}, "text", "Example Registrar AG"]) }, // prettier-ignore
        { objectClassName: "entity", roles: ["abuse"], vcardArray: card(["email", {}, "text", "abuse@registrar.example"], ["tel", { type: "fax" }, "uri", "tel:+41.1"], ["tel", { type: "voice" }, "uri", "tel:+41.2"]) }, // prettier-ignore
      ]),
    );
    expect(r.registrar_abuse_email).toBe("abuse@registrar.example");
    expect(r.registrar_abuse_phone).toBe("+41.2");
  });

  it("reads an event date without zone as UTC, whatever the machine's zone", () => {
    const tz = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      const r = parseRdapDomain(
        domain([], [{ eventAction: "registration", eventDate: "2020-01-02T03:04:05" }]),
      );
      expect(r.registration_created).toBe("2020-01-02T03:04:05.000Z");
    } finally {
      process.env.TZ = tz;
    }
  });
});

describe("WHOIS dates", () => {
  it("reads numeric dates day first, in UTC, by the registry's own labels", () => {
    const w = parseWhoisDomain("domain:       example.cz\nregistrar:    REG-EXAMPLE\nregistered:   03.04.2020 10:00:00\nexpire:       03/04/2030\n")!; // prettier-ignore
    expect(w.registration_created).toBe("2020-04-03T10:00:00.000Z");
    expect(w.registration_expires).toBe("2030-04-03T00:00:00.000Z");
    expect(parseWhoisDate("2000-08-29 10:22:50 (UTC+8)")).toBe("2000-08-29T02:22:50.000Z");
    expect(parseWhoisDate("31.02.2020")).toBeNull();
    expect(parseWhoisDate("soon")).toBeNull();
  });

  it("says no match for an empty answer and reads garbage as nothing known", () => {
    expect(parseWhoisDomain("")).toBeNull();
    expect(parseWhoisDomain("\u0000\u0001 ::: [[[ \t\n")).toMatchObject({ registrar: null, registration_created: null, name_servers: [] }); // prettier-ignore
  });

  it("splits comma-separated statuses", () => {
    expect(parseWhoisDomain("Domain name: example.rs\nDomain status: Active, clientUpdateProhibited\n")!.registration_status).toEqual(["Active", "clientUpdateProhibited"]); // prettier-ignore
  });
});

describe("WHOIS in every registry layout the world serves", () => {
  const r = phish.registration;
  const at = (tld: string) => ({ ...phish, owned: false as const, domain: `acmebank-login.${tld}` });
  const secs = (t: string) => new Date(Math.floor(Date.parse(t) / 1000) * 1000).toISOString();
  const day = (t: string) => `${t.slice(0, 10)}T00:00:00.000Z`;
  // What each registry publishes: [tld, registrar, created, expires, abuse e-mail].
  const layouts: [string, string | null, string | null, string | null, string | null][] = [
    ["com", r.registrar, secs(r.created), secs(r.expires), r.abuse_email],
    ["xyz", r.registrar, secs(r.created), secs(r.expires), r.abuse_email],
    ["co.uk", expect.stringMatching(/^.+ \[Tag = [A-Z0-9]+\]$/) as unknown as string, day(r.created), day(r.expires), null], // prettier-ignore
    ["de", null, null, null, null],
    ["eu", r.registrar, null, null, null],
    ["com.br", null, day(r.created), day(r.expires), null],
    ["fr", r.registrar, secs(r.created), secs(r.expires), null],
    ["nl", r.registrar, null, null, null],
    ["jp", null, day(r.created), day(r.expires), null],
    ["ru", "RU-CENTER-RU", secs(r.created), secs(r.expires), null],
    ["cz", expect.stringMatching(/^REG-/) as unknown as string, secs(r.created), day(r.expires), null],
    ["cn", r.registrar, secs(r.created), secs(r.expires), null],
    ["tw", r.registrar, day(r.created), day(r.expires), null],
  ];
  it.each(layouts)("reads .%s", (tld, registrar, created, expires, abuse) => {
    const w = parseWhoisDomain(domainWhois(at(tld), now))!;
    expect(w).toMatchObject({ registrar, registration_created: created, registration_expires: expires, registrar_abuse_email: abuse }); // prettier-ignore
    expect(w.name_servers).toEqual(phish.dns.ns.map((n) => n.toLowerCase()));
  });
});

describe("RDAP in every registry shape the world serves", () => {
  const r = phish.registration;
  const at = (tld: string) => ({ ...phish, owned: false as const, domain: `acmebank-login.${tld}` });
  it.each([
    ["com", r.registrar, r.abuse_email],
    ["fr", r.registrar, null], // AFNIC: the registrar's own e-mail, no abuse entity
    ["cz", expect.stringMatching(/^REG-/) as unknown as string, null], // CZ.NIC: handles only
  ])(".%s", (tld, registrar, abuse) => {
    const got = parseRdapDomain(domainRdap(at(tld), "http://rdap/", now));
    expect(got).toMatchObject({ registrar, registrar_abuse_email: abuse });
    // CZ.NIC prints whole seconds.
    expect(Math.floor(Date.parse(got.registration_created!) / 1000)).toBe(
      Math.floor(Date.parse(r.created) / 1000),
    );
    expect(got.name_servers).toEqual(phish.dns.ns.map((n) => n.toLowerCase()));
  });
});

describe("WHOIS 'no such name' in every registry's wording the world serves", () => {
  it.each(["com", "xyz", "co.uk", "de", "eu", "nl", "fr", "jp", "com.br", "ru", "cn", "tw"])(".%s", (tld) => {
    expect(parseWhoisDomain(domainNoMatch(`never-registered.${tld}`, now))).toBeNull();
  });
});
