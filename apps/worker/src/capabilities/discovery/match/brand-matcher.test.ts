import { describe, expect, it } from "vitest";
import { createBrandMatcher } from "./brand-matcher.ts";
import { boundedDistance } from "./edit-distance.ts";

const acme = createBrandMatcher({
  brand_names: ["Acme Bank"],
  keywords: ["bank", "acmepay"],
  owned_domains: ["acmebank.com", "acme-bank.de"],
});

describe("brand matching of certificate names", () => {
  it("takes a label that contains the brand, and says so", () => {
    const m = acme.match("acmebank-refund-center.xyz")!;
    expect(m.rule).toBe("brand");
    expect(m.term).toBe("acmebank");
    expect(m.reason).toContain('"acmebank-refund-center" contains the brand "acmebank"');
    expect(acme.match("verify-acmebank-account.help")?.rule).toBe("brand");
    expect(acme.match("login.acme-bank-secure.online")?.rule).toBe("brand");
  });

  it("folds leetspeak and homoglyphs (punycode labels included) before looking", () => {
    const leet = acme.match("acm3bank-wallet.xyz")!;
    expect(leet.rule).toBe("brand");
    expect(leet.reason).toContain("after homoglyph/leetspeak folding");
    // "аcmebank" with a Cyrillic а, as logged: punycode.
    const idn = acme.match("xn--cmebank-1fg.com")!;
    expect(idn?.rule).toBe("brand");
    expect(idn.reason).toContain("аcmebank");
  });

  it("takes a distinctive keyword but never a generic one alone", () => {
    expect(acme.match("acmepay-checkout.shop")).toMatchObject({ rule: "keyword", term: "acmepay" });
    expect(acme.match("bank-holiday-deals.com")).toBeNull();
    expect(acme.terms.keywords).toEqual(["acmepay"]);
  });

  it("takes a label one edit from the brand, in whole or as a hyphen part", () => {
    expect(acme.match("acmebnak.com")).toMatchObject({ rule: "edit_distance", term: "acmebank" });
    expect(acme.match("acnebank-login.net")?.reason).toContain(
      '"acnebank" in label "acnebank-login" is 1 edit',
    );
    expect(acme.match("acmexyzbank.com")).toBeNull();
  });

  it("names free-hosting subdomains built on the brand", () => {
    const m = acme.match("acmebank-support.netlify.app")!;
    expect(m.rule).toBe("free_hosting");
    expect(m.reason).toContain("free host netlify.app");
  });

  it("excludes wildcards and the brand's own domains", () => {
    expect(acme.match("*.acmebank-login.xyz")).toBeNull();
    expect(acme.match("acmebank.com")).toBeNull();
    expect(acme.match("www.acmebank.com")).toBeNull();
    expect(acme.match("mail.acme-bank.de")).toBeNull();
  });

  it("never matches unrelated names", () => {
    for (const n of [
      "example.com",
      "shop.bakery-berlin.de",
      "acme.org", // "acme" alone is not the brand "acmebank"
      "mybank.com",
      "cdn.cloudflare.net",
      "bankofexample.co.uk",
      "acmebank", // no TLD: not a host name
    ]) {
      expect(acme.match(n), n).toBeNull();
    }
  });

  it("guards short and common-word brands: whole parts only, no edit distance", () => {
    const hp = createBrandMatcher({ brand_names: ["HP"], keywords: [], owned_domains: ["hp.com"] });
    expect(hp.match("hp-support-center.xyz")?.rule).toBe("brand");
    expect(hp.match("shipping-updates.com")).toBeNull();
    expect(hp.match("chp.org")).toBeNull();
    const apple = createBrandMatcher({ brand_names: ["Apple"], keywords: [], owned_domains: ["apple.com"] });
    expect(apple.match("apple-id-verify.help")?.rule).toBe("brand");
    expect(apple.match("pineapple-recipes.com")).toBeNull();
    expect(apple.match("appel.com")).toBeNull();
  });
});

describe("brand terms come from the registrable label of each owned domain", () => {
  it("takes `contosopay` from www. and shop. owned names, never `www` or `shop`", () => {
    const m = createBrandMatcher({
      brand_names: [],
      keywords: [],
      owned_domains: ["www.contosopay.com", "shop.contoso.co.uk"],
    });
    expect(m.terms.brand.sort()).toEqual(["contoso", "contosopay"]);
    for (const n of ["www-site.example.com", "login.www-example.org", "shop-deals.com", "myshop.net"]) {
      expect(m.match(n), n).toBeNull();
    }
    expect(m.match("contoso-login.xyz")).toMatchObject({
      rule: "brand",
      term: "contoso",
      owned: "shop.contoso.co.uk",
    });
    // Every name under an owned registrable domain is the brand's own, not only the owned host.
    expect(m.match("mail.contosopay.com")).toBeNull();
    expect(m.match("shop.contoso.co.uk")).toBeNull();
    expect(m.match("login.contoso.co.uk")).toBeNull();
  });

  it("finds a brand split across labels, and says the labels were read together", () => {
    const m = createBrandMatcher({
      brand_names: ["ContosoPay"],
      keywords: [],
      owned_domains: ["contosopay.com"],
    });
    const hit = m.match("contoso.pay-verify.com")!;
    expect(hit).toMatchObject({ rule: "brand", term: "contosopay", owned: "contosopay.com" });
    expect(hit.reason).toBe(
      'labels "contoso.pay-verify" read "contosopayverify" with the dots removed, containing the brand "contosopay"',
    );
    expect(m.match("contoso-pay.verify-account.xyz")?.rule).toBe("brand");
    // A public suffix is never part of it: `contoso.pay` would need the TLD.
    expect(m.match("login.contoso.pay")).toBeNull();
    // The pieces must be whole labels or hyphen parts: "cpanel.marble" never reads as "nelmar".
    const nelmar = createBrandMatcher({
      brand_names: ["Nelmar"],
      keywords: [],
      owned_domains: ["nelmar.com"],
    });
    expect(nelmar.match("cpanel.marble-cove48.co.uk")).toBeNull();
    expect(nelmar.match("nel.mar-login.com")?.rule).toBe("brand");
  });

  it("names the owned domain each match stands for", () => {
    const m = createBrandMatcher({
      brand_names: ["Acme Bank"],
      keywords: ["acmepay"],
      owned_domains: ["acme.de", "acmebank.com"],
    });
    expect(m.match("acmebank-refund.xyz")).toMatchObject({ term: "acmebank", owned: "acmebank.com" });
    expect(m.match("acme-login.xyz")).toMatchObject({ term: "acme", owned: "acme.de" });
    expect(m.match("acmepay-checkout.shop")?.owned).toBe("acme.de");
  });
});

describe("bounded edit distance", () => {
  it("counts substitutions, insertions, deletions and adjacent swaps, and stops past the bound", () => {
    expect(boundedDistance("acmebank", "acmebank", 1)).toBe(0);
    expect(boundedDistance("acmebnak", "acmebank", 1)).toBe(1);
    expect(boundedDistance("acmbank", "acmebank", 1)).toBe(1);
    expect(boundedDistance("acmeebank", "acmebank", 1)).toBe(1);
    expect(boundedDistance("xxxxbank", "acmebank", 2)).toBe(3);
  });
});
