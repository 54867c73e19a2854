import { describe, expect, it } from "vitest";
import { campaignMembership, threatFeedHit } from "./intel.ts";
import { CTX, daysAgo } from "../../../../test/signal-brand.ts";
import {
  brandInCertificate,
  faviconLogoMatch,
  htmlSimilarity,
  liveWeb,
  loginForm,
  recentDvCertificate,
  redirectsToBrand,
  screenshotSimilarity,
} from "./web.ts";

const d = "acmebank-login.com";

describe("live_web", () => {
  it("maps the final HTTP status, and is 0 for a name that does not resolve", () => {
    expect(liveWeb({ domain: d, http_status: 200 })).toBe(1);
    expect(liveWeb({ domain: d, http_status: 302 })).toBe(0.5);
    expect(liveWeb({ domain: d, http_status: 403 })).toBe(0.2);
    expect(liveWeb({ domain: d, http_status: 502 })).toBe(0);
    expect(liveWeb({ domain: d, dns_a: [], dns_aaaa: [] })).toBe(0);
    expect(liveWeb({ domain: d })).toBeNull();
  });
});

describe("recent_dv_certificate", () => {
  it("weighs recency by how cheap the certificate was", () => {
    expect(
      recentDvCertificate({ domain: d, tls_not_before: daysAgo(2), tls_issuer: "Let's Encrypt R3" }, CTX),
    ).toBe(1);
    expect(
      recentDvCertificate({ domain: d, tls_not_before: daysAgo(60), tls_issuer: "ZeroSSL RSA DV" }, CTX),
    ).toBe(0.5);
    expect(recentDvCertificate({ domain: d, tls_not_before: daysAgo(2) }, CTX)).toBe(0.8);
    expect(
      recentDvCertificate(
        { domain: d, tls_not_before: daysAgo(2), tls_issuer: "DigiCert EV RSA CA G2" },
        CTX,
      ),
    ).toBe(0.5);
    expect(recentDvCertificate({ domain: d, tls_not_before: daysAgo(2), tls_self_signed: true }, CTX)).toBe(
      0.3,
    );
    expect(recentDvCertificate({ domain: d, tls_not_before: daysAgo(200) }, CTX)).toBe(0);
    expect(recentDvCertificate({ domain: d }, CTX)).toBeNull();
  });
});

describe("brand_in_certificate", () => {
  it("uses the enrichment flag, else looks for the brand in the SANs", () => {
    expect(brandInCertificate({ domain: d, brand_in_cert: true }, CTX)).toBe(1);
    expect(brandInCertificate({ domain: d, tls_sans: ["secure-acme-bank.net"] }, CTX)).toBe(1);
    expect(brandInCertificate({ domain: d, tls_sans: ["\u0430cmebank.net"] }, CTX)).toBe(1);
    expect(brandInCertificate({ domain: d, tls_sans: ["unrelated.example"] }, CTX)).toBe(0);
    expect(brandInCertificate({ domain: d }, CTX)).toBeNull();
  });
});

describe("login_form", () => {
  it("is 1 for a login or password form, 0 when the page has none, unknown when not fetched", () => {
    expect(loginForm({ domain: d, login_form: true })).toBe(1);
    expect(loginForm({ domain: d, login_form: false, password_form: true })).toBe(1);
    expect(loginForm({ domain: d, login_form: false })).toBe(0);
    expect(loginForm({ domain: d })).toBeNull();
  });
});

describe("html_similarity and screenshot_similarity", () => {
  it("use the measured similarity, read percentages, and count an identical hash as 1", () => {
    expect(htmlSimilarity({ domain: d, html_similarity: 0.82 }, CTX)).toBe(0.82);
    expect(htmlSimilarity({ domain: d, html_similarity: 82 }, CTX)).toBeCloseTo(0.82);
    expect(htmlSimilarity({ domain: d, html_hash: "html-brand" }, CTX)).toBe(1);
    expect(htmlSimilarity({ domain: d, html_hash: "other" }, CTX)).toBeNull();
    expect(screenshotSimilarity({ domain: d, screenshot_similarity: 0.4 }, CTX)).toBe(0.4);
    expect(screenshotSimilarity({ domain: d, screenshot_hash: "shot-brand" }, CTX)).toBe(1);
    expect(screenshotSimilarity({ domain: d }, CTX)).toBeNull();
  });
});

describe("favicon_logo_match", () => {
  it("compares with the brand's favicon; unknown when either side has none", () => {
    expect(faviconLogoMatch({ domain: d, favicon_hash: "fav-brand" }, CTX)).toBe(1);
    expect(faviconLogoMatch({ domain: d, favicon_hash: "fav-other" }, CTX)).toBe(0);
    expect(faviconLogoMatch({ domain: d }, CTX)).toBeNull();
    const noProfile = { ...CTX, brand: { ...CTX.brand, profiles: [] } };
    expect(faviconLogoMatch({ domain: d, favicon_hash: "fav-brand" }, noProfile)).toBeNull();
  });
});

describe("redirects_to_brand (discount)", () => {
  it("uses the flag, else the final URL's registrable domain", () => {
    expect(redirectsToBrand({ domain: d, redirects_to_brand: true }, CTX)).toBe(1);
    expect(redirectsToBrand({ domain: d, final_url: "https://www.acmebank.com/en/" }, CTX)).toBe(1);
    expect(redirectsToBrand({ domain: d, final_url: "https://acmebank-login.com/signin" }, CTX)).toBe(0);
    expect(redirectsToBrand({ domain: d }, CTX)).toBeNull();
  });
});

describe("threat_feed_hit", () => {
  it("is 1 for a domain or URL listing, 0.6 for an IP-only one, 0 when checked and clean", () => {
    const hit = (matched: "domain" | "url" | "ip") => ({
      feed: "openphish",
      matched,
      value: "x",
      first_seen: null,
    });
    expect(threatFeedHit({ domain: d, threat_feed_hits: [hit("ip"), hit("url")] })).toBe(1);
    expect(threatFeedHit({ domain: d, threat_feed_hits: [hit("domain")] })).toBe(1);
    expect(threatFeedHit({ domain: d, threat_feed_hits: [hit("ip")] })).toBe(0.6);
    expect(threatFeedHit({ domain: d, threat_feed_hits: [] })).toBe(0);
    expect(threatFeedHit({ domain: d })).toBeNull();
  });
});

describe("campaign_membership", () => {
  it("grows with cluster size and key strength", () => {
    const pairOnIp = campaignMembership({
      domain: d,
      campaign: { campaign_id: "c", size: 2, keys: ["ip:192.0.2.5"] },
    });
    const manyOnIp = campaignMembership({
      domain: d,
      campaign: { campaign_id: "c", size: 12, keys: ["ip:192.0.2.5"] },
    });
    const manyOnRegistrar = campaignMembership({
      domain: d,
      campaign: { campaign_id: "c", size: 12, keys: ["registrar:namesilo@2025-05-01"] },
    });
    expect(pairOnIp).toBeCloseTo(0.36);
    expect(manyOnIp).toBe(0.9);
    expect(manyOnRegistrar).toBe(0.5);
    expect(pairOnIp!).toBeLessThan(manyOnIp!);
  });
  it("is 0 when clustering found no campaign, unknown when it did not run", () => {
    expect(campaignMembership({ domain: d, campaign: false })).toBe(0);
    expect(campaignMembership({ domain: d })).toBeNull();
    expect(
      campaignMembership({ domain: d, campaign_id: "cmp_1", campaign_keys: ["ip:192.0.2.5"] }),
    ).toBeCloseTo(0.36);
  });
});
