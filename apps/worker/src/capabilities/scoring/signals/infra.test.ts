import { describe, expect, it } from "vitest";
import { mxAcceptsBrandMail, mxPresent, parked, resolves, spfDmarc, wildcard } from "./dns-mail.ts";
import {
  freeSubdomainHost,
  privacyProtected,
  registrarAbuseRecord,
  registrationRecent,
} from "./registration.ts";
import { CTX, daysAgo } from "../../../../test/signal-brand.ts";

const d = "acmebank-login.com";

describe("registration_recent", () => {
  it("is 1 within 30 days, 0.5 at 90, 0 after a year, 1 when dated in the future", () => {
    expect(registrationRecent({ domain: d, registration_created: daysAgo(3) }, CTX)).toBe(1);
    expect(registrationRecent({ domain: d, registration_created: daysAgo(90) }, CTX)).toBeCloseTo(0.5);
    expect(registrationRecent({ domain: d, registration_created: daysAgo(60) }, CTX)).toBeCloseTo(0.75);
    expect(registrationRecent({ domain: d, registration_created: daysAgo(400) }, CTX)).toBe(0);
    expect(registrationRecent({ domain: d, registration_created: daysAgo(-2) }, CTX)).toBe(1);
  });
  it("is unknown without a creation date or with an unparseable one", () => {
    expect(registrationRecent({ domain: d }, CTX)).toBeNull();
    expect(registrationRecent({ domain: d, registration_created: "not a date" }, CTX)).toBeNull();
  });
});

describe("privacy_protected", () => {
  it("follows the RDAP flag in three states", () => {
    expect(privacyProtected({ domain: d, privacy_protected: true })).toBe(1);
    expect(privacyProtected({ domain: d, privacy_protected: false })).toBe(0);
    expect(privacyProtected({ domain: d, privacy_protected: null })).toBeNull();
  });
});

describe("registrar_abuse_record", () => {
  it("matches registrar names from the list case-insensitively", () => {
    expect(registrarAbuseRecord({ domain: d, registrar: "NameSilo, LLC" })).toBe(1);
    expect(registrarAbuseRecord({ domain: d, registrar: "Gname.com Pte. Ltd." })).toBe(1);
    expect(registrarAbuseRecord({ domain: d, registrar: "MarkMonitor Inc." })).toBe(0);
    expect(registrarAbuseRecord({ domain: d })).toBeNull();
  });
});

describe("free_subdomain_host", () => {
  it("is 1 for favourite free hosts, 0.7 for other PSL private suffixes, 0 otherwise", () => {
    expect(freeSubdomainHost({ domain: "acmebank.github.io" })).toBe(1);
    expect(freeSubdomainHost({ domain: "acme-login.duckdns.org" })).toBe(1);
    expect(freeSubdomainHost({ domain: "acmebank.s3.amazonaws.com" })).toBe(0.7);
    expect(freeSubdomainHost({ domain: "acmebank-login.com" })).toBe(0);
  });
});

describe("resolves", () => {
  it("is 1 with an address, 0 when both lookups are empty or the name is unregistered", () => {
    expect(resolves({ domain: d, dns_a: ["192.0.2.1"] })).toBe(1);
    expect(resolves({ domain: d, dns_a: [], dns_aaaa: ["2001:db8::1"] })).toBe(1);
    expect(resolves({ domain: d, dns_a: [], dns_aaaa: [] })).toBe(0);
    expect(resolves({ domain: d, resolve_status: "unregistered" })).toBe(0);
  });
  it("is unknown when a lookup is missing", () => {
    expect(resolves({ domain: d, dns_a: [] })).toBeNull();
    expect(resolves({ domain: d, resolve_status: "unknown" })).toBeNull();
  });
});

describe("mx_present", () => {
  it("ignores the RFC 7505 null MX", () => {
    expect(mxPresent({ domain: d, dns_mx: ["10 mx.evil.net"] })).toBe(1);
    expect(mxPresent({ domain: d, dns_mx: ["0 ."] })).toBe(0);
    expect(mxPresent({ domain: d, dns_mx: [] })).toBe(0);
    expect(mxPresent({ domain: d })).toBeNull();
  });
});

describe("spf_dmarc", () => {
  it("adds 0.5 for a sending SPF and 0.5 for DMARC, reading SPF from TXT too", () => {
    expect(spfDmarc({ domain: d, spf: "v=spf1 ip4:192.0.2.1 -all", dmarc: "v=DMARC1; p=none" })).toBe(1);
    expect(spfDmarc({ domain: d, dns_txt: ["v=spf1 include:_spf.evil.net ~all"], dmarc: "" })).toBe(0.5);
    expect(spfDmarc({ domain: d, spf: "v=spf1 -all", dmarc: "" })).toBe(0);
    expect(spfDmarc({ domain: d, dns_txt: [] })).toBe(0);
  });
  it("is unknown when neither record was looked up", () => {
    expect(spfDmarc({ domain: d })).toBeNull();
  });
});

describe("mx_accepts_brand_mail", () => {
  it("follows the mail probe, and is 0 without any MX", () => {
    expect(mxAcceptsBrandMail({ domain: d, mx_accepts_mail: true })).toBe(1);
    expect(mxAcceptsBrandMail({ domain: d, mx_accepts_mail: false })).toBe(0);
    expect(mxAcceptsBrandMail({ domain: d, dns_mx: [] })).toBe(0);
    expect(mxAcceptsBrandMail({ domain: d, dns_mx: ["10 mx.evil.net"] })).toBeNull();
  });
});

describe("parked (discount)", () => {
  it("is 1 for a parked page or parking name servers, 0 for a page seen unparked", () => {
    expect(parked({ domain: d, parked: true })).toBe(1);
    expect(parked({ domain: d, dns_ns: ["ns1.sedoparking.com", "ns2.sedoparking.com"] })).toBe(1);
    expect(parked({ domain: d, parked: false, dns_ns: ["ns1.evil.net"] })).toBe(0);
  });
  it("is unknown (no discount) when the page was not checked", () => {
    expect(parked({ domain: d, dns_ns: ["ns1.evil.net"] })).toBeNull();
    expect(parked({ domain: d })).toBeNull();
  });
});

describe("wildcard (discount)", () => {
  it("follows the random-label probe in three states", () => {
    expect(wildcard({ domain: d, wildcard: true })).toBe(1);
    expect(wildcard({ domain: d, wildcard: false })).toBe(0);
    expect(wildcard({ domain: d })).toBeNull();
  });
});
