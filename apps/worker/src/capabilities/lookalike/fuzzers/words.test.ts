import { describe, expect, it } from "vitest";
import { generatePermutations } from "../generate.ts";
import { names } from "../../../../test/fuzzer-output.ts";

describe("word fuzzers", () => {
  it("dictionary: four affix forms, and hyphen parts replaced (dnstwist)", () => {
    const out = names("paypal.com", "dictionary", { dictionary: ["login"] });
    expect(out).toEqual(
      new Set(["paypal-login.com", "paypallogin.com", "login-paypal.com", "loginpaypal.com"]),
    );
    const hy = names("my-bank.com", "dictionary", { dictionary: ["login"] });
    expect(hy).toContain("my-login.com");
    expect(hy).toContain("login-bank.com");
    expect(names("paypal.com", "dictionary").size).toBe(0);
  });

  it("combosquatting uses brand keywords and built-in phishing words", () => {
    const out = names("paypal.com", "combosquatting", { keywords: ["Venmo"] });
    expect(out).toContain("paypal-venmo.com");
    expect(out).toContain("venmopaypal.com");
    expect(out).toContain("paypal-login.com");
    expect(out).toContain("securepaypal.com");
    expect(out).toContain("wallet-paypal.com");
  });

  it("keyword-tld glues region and shop words under TLD-like suffixes", () => {
    const out = names("brand.com", "keyword-tld");
    expect(out).toContain("brand-us.com");
    expect(out).toContain("brandshop.us.com");
    const uk = names("brand.co.uk", "keyword-tld");
    expect(uk).toContain("brand-uk.co.uk");
  });

  it("misspelling replaces words inside the label by common misspellings", () => {
    const out = names("mysupport.com", "misspelling");
    expect(out).toContain("mysuport.com");
    expect(names("acmebusiness.com", "misspelling")).toContain("acmebusness.com");
  });

  it("homophone replaces sound-alike words and spellings", () => {
    expect(names("rightbank.com", "homophone")).toContain("writebank.com");
    expect(names("phonehub.com", "homophone")).toContain("fonehub.com");
    expect(names("mailbox.com", "homophone")).toContain("malebox.com");
  });

  it("numeral-swap turns digits, words and ordinals into each other", () => {
    expect(names("bank1.com", "numeral-swap")).toEqual(
      new Set(["bankone.com", "bankfirst.com", "bank1st.com"]),
    );
    expect(names("onebank.com", "numeral-swap")).toContain("1bank.com");
    expect(names("firstbank.com", "numeral-swap")).toContain("1stbank.com");
    expect(names("bank4you.com", "numeral-swap")).toContain("bankfouryou.com");
  });

  it("subdomain-glue puts the brand in front of an attacker's registrable domain", () => {
    const perms = generatePermutations("brand.com", { fuzzers: ["subdomain-glue"] }).permutations;
    const byName = new Map(perms.map((p) => [p.domain, p]));
    expect(byName.get("login-brand.com")?.registrable_domain).toBe("login-brand.com");
    expect(byName.get("brand.com-secure.net")?.registrable_domain).toBe("com-secure.net");
    expect(byName.get("login.brand-com.net")?.registrable_domain).toBe("brand-com.net");
  });
});
