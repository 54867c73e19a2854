import { describe, expect, it } from "vitest";
import { createBrandIndex, type IndexedBrand } from "./brand-index.ts";
import { createBrandMatcher } from "./brand-matcher.ts";

const contoso: IndexedBrand = {
  id: "u-contoso",
  terms: { brand_names: ["Contoso Pay"], keywords: [], owned_domains: ["contosopay.com"] },
};
const fabrikam: IndexedBrand = {
  id: "u-fabrikam",
  terms: {
    brand_names: ["Fabrikam"],
    keywords: ["fabripay"],
    owned_domains: ["fabrikam.net"],
  },
};

describe("one index over every user's brand", () => {
  it("matches each brand a name impersonates, once, with its own reason", () => {
    const idx = createBrandIndex([contoso, fabrikam]);
    const hits = idx.match("contosopay-fabrikam-login.xyz");
    expect(hits.map((h) => [h.brand_id, h.rule, h.term])).toEqual([
      ["u-contoso", "brand", "contosopay"],
      ["u-fabrikam", "brand", "fabrikam"],
    ]);
    expect(idx.match("fabripay-refund.help")).toMatchObject([{ brand_id: "u-fabrikam", rule: "keyword" }]);
    expect(idx.match("example.com")).toEqual([]);
  });

  it("excludes a name only for the brand that owns it", () => {
    const idx = createBrandIndex([contoso, fabrikam]);
    // Under Fabrikam's own domain, but built on Contoso's brand: Contoso's lookalike, not Fabrikam's.
    expect(idx.match("contosopay-fabrikam.fabrikam.net").map((h) => h.brand_id)).toEqual(["u-contoso"]);
    expect(idx.match("www.contosopay.com")).toEqual([]);
    expect(idx.match("login.fabrikam.net")).toEqual([]);
  });

  it("gives every brand exactly what its own matcher gives, for many brands at once", () => {
    const words = [
      "contoso",
      "fabrikam",
      "northwind",
      "tailspin",
      "adatum",
      "litware",
      "wingtip",
      "proseware",
    ];
    const brands: IndexedBrand[] = [];
    for (let i = 0; i < 300; i++) {
      const name = `${words[i % words.length]}${i < words.length ? "" : i}`;
      brands.push({
        id: `u${i}`,
        terms: { brand_names: [name], keywords: i % 5 ? [] : [`${name}pay`], owned_domains: [`${name}.com`] },
      });
    }
    const names = [
      "contoso-login.xyz",
      "fabrikam12-support.netlify.app",
      "northwnd.com",
      "tailspin7-refund.help",
      "verify-adatum42.account.online",
      "litware.com",
      "www.wingtip9.com",
      "prose-ware.shop",
      "proseware-pay.io",
      "c0ntoso-wallet.top",
      "xn--cntoso-2ve.com",
      "shop.bakery-berlin.de",
      "contoso8pay-checkout.shop",
      "adatum.litware-secure.com",
      "*.contoso-login.xyz",
      "wingtip100.wingtip100.com",
    ];
    const index = createBrandIndex(brands);
    const tiny = createBrandIndex(brands, { cacheSize: 1 });
    const singles = brands.map((b) => ({ id: b.id, m: createBrandMatcher(b.terms) }));
    for (const n of names) {
      const expected = singles
        .map(({ id, m }) => ({ id, hit: m.match(n) }))
        .filter((x) => x.hit)
        .map(({ id, hit }) => `${id} ${hit!.rule} ${hit!.term} ${hit!.reason}`)
        .sort();
      const got = index.match(n).map((h) => `${h.brand_id} ${h.rule} ${h.term} ${h.reason}`);
      expect(got.sort(), n).toEqual(expected);
      expect(
        tiny
          .match(n)
          .map((h) => `${h.brand_id} ${h.rule} ${h.term} ${h.reason}`)
          .sort(),
        n,
      ).toEqual(expected);
    }
    expect(index.match("contoso-login.xyz").length).toBeGreaterThan(1); // contoso, contoso8, contoso16, ...
  });
});
