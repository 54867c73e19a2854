import { describe, expect, it } from "vitest";
import { parkedPage, phishingPage } from "@brandwarden/world/web/pages";
import { smallScenario } from "@brandwarden/world/testing/test-world";
import { analyzeHtml, findTerms, isBrandUrl } from "./html-analysis.ts";
import { isParkingNs, pickDmarc, pickSpf } from "../dns-records.ts";

const brand = {
  brand_names: ["Acme Bank"],
  keywords: ["login", "wire transfer"],
  owned_domains: ["acmebank.com"],
};
const brandHtml = smallScenario().brand.owned_domains[0]!.site.html;

describe("analyzeHtml", () => {
  it("finds the credential form, where it posts, the brand and the language", () => {
    const a = analyzeHtml(phishingPage(brandHtml, "https://collector.example/p.php", "x.com"), "https://acme-bank.xyz/", brand); // prettier-ignore
    expect(a.title).toBe(smallScenario().brand.owned_domains[0]!.site.title); // the copied brand page's
    expect(a.language).toBe("en");
    expect(a.passwordForm).toBe(true);
    expect(a.loginForm).toBe(true);
    expect(a.formAction).toBe("https://collector.example/p.php");
    expect(a.formPostsElsewhere).toBe(true);
    expect(a.brandInPage).toBe(true);
    expect(a.faviconUrl).toBe("https://acme-bank.xyz/favicon.ico");
    expect(a.parkedMarkers).toEqual([]);
  });

  it("resolves a relative action against the page and ignores script text", () => {
    const a = analyzeHtml(`<html><head><script>var t = "Acme Bank";</script><base href="/app/"></head><body><form action="go"><input type="password"></form></body></html>`, "https://x.com/a/b", brand); // prettier-ignore
    expect(a.formAction).toBe("https://x.com/app/go");
    expect(a.formPostsElsewhere).toBe(false);
    expect(a.brandInPage).toBe(false);
  });

  it("sees parking markers and meta refresh", () => {
    const p = analyzeHtml(parkedPage("acmebnk.com", "Sedo"), "http://acmebnk.com/", brand);
    expect(p.parkedMarkers).toEqual(expect.arrayContaining(["for_sale", "sponsored_listings"]));
    const r = analyzeHtml(
      `<meta http-equiv="refresh" content="0; url=https://www.acmebank.com/">`,
      "http://x.com/",
      brand,
    );
    expect(r.metaRefresh).toBe("https://www.acmebank.com/");
    expect(isBrandUrl(r.metaRefresh, brand.owned_domains)).toBe(true);
    expect(isBrandUrl("https://acmebank.com.evil.net/", brand.owned_domains)).toBe(false);
  });

  it("matches terms ignoring spacing and punctuation", () => {
    expect(findTerms("Welcome to ACME-BANK online", ["Acme Bank", "zz"])).toEqual(["Acme Bank"]);
  });
});

describe("DNS record helpers", () => {
  it("picks SPF and DMARC and recognises parking name servers", () => {
    expect(pickSpf(["google-site-verification=x", "v=spf1 -all"])).toBe("v=spf1 -all");
    expect(pickDmarc(["v=DMARC1; p=reject"])).toBe("v=DMARC1; p=reject");
    expect(isParkingNs(["ns1.sedoparking.com."])).toBe(true);
    expect(isParkingNs(["ns1.example.com"])).toBe(false);
  });
});
