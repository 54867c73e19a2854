import { describe, expect, it } from "vitest";
import { generatePermutations } from "../generate.ts";
import { FREE_HOST_FAVOURITES } from "../../provider-facts/free-hosts.ts";
import { freeHostSuffixes } from "./suffix.ts";
import { names } from "../../../../test/fuzzer-output.ts";

describe("suffix fuzzers", () => {
  it("tld-swap puts the label under each suffix of the caller's list, keeping registrability", () => {
    const perms = generatePermutations("brand.co.uk", {
      fuzzers: ["tld-swap"],
      tlds: ["com", "org.uk", "co.uk"],
    });
    expect(perms.permutations.map((p) => [p.domain, p.registrable_domain])).toEqual([
      ["brand.com", "brand.com"],
      ["brand.org.uk", "brand.org.uk"],
    ]);
    expect(names("paypal.com", "tld-swap").size).toBe(0);
  });

  it("wrong-tld covers the ICANN TLDs and generic second-level suffixes of the PSL", () => {
    const out = names("paypal.com", "wrong-tld");
    expect(out).toContain("paypal.net");
    expect(out).toContain("paypal.co.uk");
    expect(out).toContain("paypal.com.br");
    expect(out).not.toContain("paypal.com");
    expect(out.size).toBeGreaterThan(1500);
  });

  it("wrong-sld swaps the second level of a country suffix", () => {
    const perms = generatePermutations("brand.co.uk", { fuzzers: ["wrong-sld"] }).permutations;
    const byName = new Map(perms.map((p) => [p.domain, p]));
    expect(byName.get("brand.org.uk")?.registrable_domain).toBe("brand.org.uk");
    expect(byName.has("brand.ac.uk")).toBe(true);
    expect(byName.has("brand.uk")).toBe(true);
    expect(byName.has("brand.co.uk")).toBe(false);
  });

  it("added-tld appends a country suffix after the real one", () => {
    const perms = generatePermutations("brand.com", { fuzzers: ["added-tld"] }).permutations;
    const br = perms.find((p) => p.domain === "brand.com.br");
    expect(br?.registrable_domain).toBe("brand.com.br");
    expect(perms.some((p) => p.domain === "brand.com.au")).toBe(true);
    expect(names("brand.co.uk", "added-tld").size).toBe(0);
  });

  it("faux-tld writes a suffix into the label", () => {
    const out = names("brand.com", "faux-tld");
    expect(out).toContain("brand-com.net");
    expect(out).toContain("brandcom.org");
    const uk = names("brand.co.uk", "faux-tld");
    expect(uk).toContain("brand-co-uk.com");
    expect(uk).toContain("brandcouk.com");
  });

  it("free-host uses the private section of the PSL (dynamic DNS, free hosting)", () => {
    const perms = generatePermutations("brand.com", { fuzzers: ["free-host"] }).permutations;
    const byName = new Map(perms.map((p) => [p.domain, p]));
    expect(byName.get("brand.duckdns.org")?.registrable_domain).toBe("brand.duckdns.org");
    expect(byName.has("brand.github.io")).toBe(true);
    expect(byName.has("brand-com.duckdns.org")).toBe(true);
    const known = new Set(freeHostSuffixes());
    for (const host of FREE_HOST_FAVOURITES) expect(known.has(host), host).toBe(true);
  });
});
