import { describe, expect, it } from "vitest";
import { generatePermutations } from "../generate.ts";
import { names } from "../../../../test/fuzzer-output.ts";

describe("structure fuzzers", () => {
  it("subdomain inserts a dot inside the label, not next to a hyphen", () => {
    expect(names("paypal.com", "subdomain")).toEqual(
      new Set(["p.aypal.com", "pa.ypal.com", "pay.pal.com", "payp.al.com"]), // positions 1..len-2, as dnstwist
    );
    const hy = names("my-bank.com", "subdomain");
    expect(hy).toContain("my-b.ank.com");
    expect(hy).not.toContain("my.-bank.com");
    expect(hy).not.toContain("my-.bank.com");
  });

  it("various: dnstwist's structural extras", () => {
    expect(names("paypal.com", "various")).toEqual(new Set(["paypalcom.com"]));
    expect(names("brand.co.uk", "various")).toEqual(new Set(["brand.uk", "brandco.uk"]));
    expect(names("bücher.de", "various")).toEqual(new Set(["bücherde.de", "bücher-de.com", "bücherde.com"]));
    const sub = names("www.paypal.com", "various");
    expect(sub).toContain("wwwpaypal.com");
    expect(sub).toContain("www-paypal.com");
  });

  it("hyphen-omission drops one or all hyphens", () => {
    expect(names("my-bank.com", "hyphen-omission")).toEqual(new Set(["mybank.com"]));
    expect(names("my-big-bank.com", "hyphen-omission")).toEqual(
      new Set(["mybig-bank.com", "my-bigbank.com", "mybigbank.com"]),
    );
  });

  it("dot-omission drops a dot between labels", () => {
    expect(names("www.paypal.com", "dot-omission")).toContain("wwwpaypal.com");
    expect(names("brand.co.uk", "dot-omission")).toContain("brandco.uk");
    expect(names("paypal.com", "dot-omission")).toContain("paypalcom.com");
  });

  it("dot-hyphen turns dots into hyphens and hyphens into dots", () => {
    expect(names("www.paypal.com", "dot-hyphen")).toContain("www-paypal.com");
    expect(names("brand.co.uk", "dot-hyphen")).toContain("brand-co.uk");
    const hy = generatePermutations("my-bank.com", { fuzzers: ["dot-hyphen"] }).permutations;
    const dotted = hy.find((p) => p.domain === "my.bank.com");
    expect(dotted?.registrable_domain).toBe("bank.com");
  });

  it("token-swap reorders hyphen-separated words", () => {
    expect(names("shop-online.com", "token-swap")).toEqual(
      new Set(["online-shop.com", "onlineshop.com", "shoponline.com"]),
    );
  });
});
