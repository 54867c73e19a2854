import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import { CROSS_TLDS, SHORT_CROSS_TLDS } from "../data/cross-tlds.ts";
import { FUZZER_NAMES } from "@brandwarden/contract/constants";
import { DNSTWIST_FUZZERS } from "../fuzzer-names.ts";
import { generatePermutations } from "../generate.ts";
import { names } from "../../../../test/fuzzer-output.ts";
import type { FuzzContext } from "../types.ts";
import { typoTld } from "./cross-tld.ts";

const nonAscii = (name: string) => [...name].some((c) => c.charCodeAt(0) > 0x7f);

function context(label: string, suffix: string): FuzzContext {
  return {
    label,
    suffix,
    suffixAscii: suffix,
    subdomain: "",
    keywords: [],
    dictionary: [],
    tlds: [],
    includeInvalid: false,
    withLabel: (l) => `${l}.${suffix}`,
    withLabelSuffix: (l, s) => `${l}.${s}`,
  };
}

const TYPO_FAMILIES = [
  "addition",
  "omission",
  "insertion",
  "replacement",
  "transposition",
  "repetition",
  "hyphenation",
  "vowel-swap",
  "bitsquatting",
  "homoglyph",
] as const;

describe("typo-tld", () => {
  const acme = names("acmebank.com", "typo-tld");

  it("puts single-edit typos of the label under other common and abused suffixes", () => {
    for (const name of [
      "acm-ebank.live", // hyphenation
      "acmbank.info", // omission
      "acmebanlc.store", // homoglyph k -> lc
      "ac-mebank.com.br",
      "acmebank8.eu", // addition
      "acmebnak.xyz", // transposition
      "acmeebank.top", // repetition
      "acmebonk.club", // vowel-swap
      "acmebsnk.co.uk", // replacement
      "acmëbank.io", // homoglyph, IDN
      "acme.bank.online", // subdomain
      "acmebqank.de", // insertion (short list)
      "acmefank.link", // bitsquatting (short list)
    ]) {
      expect(acme, name).toContain(name);
    }
    const idn = generatePermutations("acmebank.com", { fuzzers: ["typo-tld"] }).permutations.find(
      (p) => p.domain_unicode === "acmëbank.io",
    );
    expect(idn).toMatchObject({ domain: "xn--acmbank-tya.io", registrable_domain: "xn--acmbank-tya.io" });
    expect(idn?.domain).toBe(domainToASCII("acmëbank.io"));
  });

  it("is registered as its own family, outside dnstwist's", () => {
    expect(FUZZER_NAMES).toContain("typo-tld");
    expect(FUZZER_NAMES).toContain("combo-tld");
    expect(DNSTWIST_FUZZERS).not.toContain("typo-tld");
    expect(DNSTWIST_FUZZERS).not.toContain("combo-tld");
  });

  it("never repeats the plain label (tld-swap, wrong-tld) or the input's own suffix (typo families)", () => {
    for (const name of acme) {
      expect(name.startsWith("acmebank."), name).toBe(false);
      expect(name.endsWith(".com") && !name.endsWith(".com.br") && !name.endsWith(".com.au")).toBe(false);
    }
    const { permutations } = generatePermutations("acmebank.com", {
      fuzzers: [...TYPO_FAMILIES, "tld-swap", "wrong-tld", "typo-tld"],
      tlds: ["net", "live"],
    });
    expect(new Set(permutations.map((p) => p.domain)).size).toBe(permutations.length);
    const by = new Map(permutations.map((p) => [p.domain, p.fuzzers]));
    expect(by.get("acmbank.com")).toEqual(["omission"]);
    expect(by.get("acmbank.live")).toEqual(["typo-tld"]);
    expect(by.get("acmebank.live")).toEqual(["tld-swap", "wrong-tld"]);
    for (const p of permutations) {
      if (!p.fuzzers.includes("typo-tld")) continue;
      expect(p.fuzzers, p.domain).toEqual(["typo-tld"]);
      expect(p.fuzzer).toBe("typo-tld");
    }
  });

  it("crosses the likeliest edits with every suffix, insertion and bitsquatting with the short list", () => {
    const fr = CROSS_TLDS.includes("fr") && !SHORT_CROSS_TLDS.includes("fr");
    expect(fr).toBe(true);
    expect(acme).toContain("acmbank.fr");
    expect(acme).toContain("acmebsnk.fr");
    expect(acme).not.toContain("acmebqank.fr");
    expect(acme).toContain("acmebqank.de");
    for (const suffix of SHORT_CROSS_TLDS) expect(CROSS_TLDS).toContain(suffix);
  });

  it("checks the registrable label against each suffix's registry: no IDN under co.uk, de's table only", () => {
    // Nothing the registries would refuse is produced in the first place (with includeInvalid the
    // default glyph table is added, as for homoglyph, and those names come back flagged).
    const raw = new Set(typoTld(context("acmebank", "com")));
    expect(raw.size).toBe(acme.size);
    const all = generatePermutations("acmebank.com", { fuzzers: ["typo-tld"], includeInvalid: true });
    const refused = all.permutations.filter((p) => !p.valid);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.find((p) => p.domain_unicode === "acmẹbank.de")?.invalid_reason).toMatch(
      /not in the \.de registry's IDN table/,
    );
    const under = (suffix: string) =>
      [...acme].filter(
        (n) => n.endsWith(`.${suffix}`) && n.split(".").length === suffix.split(".").length + 1,
      );
    const uk = under("co.uk");
    expect(uk).toContain("acnebank.co.uk"); // ASCII homoglyph m -> n
    expect(uk).toContain("acmbank.co.uk");
    expect(uk.filter(nonAscii)).toEqual([]); // Nominet: ASCII only
    expect(under("us").filter(nonAscii)).toEqual([]);
    const de = under("de");
    expect(de).toContain("acmébank.de"); // in DENIC's table
    expect(de).not.toContain("acmẹbank.de"); // e with dot below: not in DENIC's table
    expect(acme).toContain("acmẹbank.xyz"); // registries without a table: the default glyphs
    expect(under("com.br")).toContain("acmêbank.com.br");
    expect(under("com.br")).not.toContain("acmëbank.com.br"); // .br accepts é and ê, not ë
  });

  it("keeps the subdomain and a multi-label input suffix out of the crossing", () => {
    const uk = generatePermutations("www.brand.co.uk", { fuzzers: ["typo-tld"] }).permutations;
    const byName = new Map(uk.map((p) => [p.domain, p]));
    expect(byName.get("www.brnd.com")?.registrable_domain).toBe("brnd.com");
    expect(byName.get("www.bran-d.com.br")?.registrable_domain).toBe("bran-d.com.br");
    expect(byName.get("www.brnd.uk")?.registrable_domain).toBe("brnd.uk");
    expect(uk.some((p) => p.domain.endsWith(".co.uk"))).toBe(false);
  });

  it("stays bounded: well under 60,000 names for 8 to 15 letter labels", () => {
    expect(acme.size).toBeGreaterThan(10_000);
    expect(acme.size).toBeLessThan(30_000);
    for (const domain of ["globexbank.com", "microsoftonline.com"]) {
      expect(names(domain, "typo-tld").size, domain).toBeLessThan(60_000);
    }
  });
});

describe("combo-tld", () => {
  it("puts keyword and phishing-word combosquats under the short suffix list", () => {
    const out = names("acmebank.com", "combo-tld", { keywords: ["acme"] });
    for (const name of [
      "online-acmebank.org",
      "verify-acmebank.net",
      "serviceacmebank.de",
      "acmebankdigital.de",
      "globalacmebank.xyz",
      "rewards-acmebank.info",
      "acmebank-acme.shop",
      "acmebank-online-banking.co.uk",
    ]) {
      expect(out, name).toContain(name);
    }
    expect([...out].some((n) => n.endsWith(".com") && !n.endsWith(".com.br"))).toBe(false);
    expect(out).not.toContain("secure-acmebank.fr"); // fr is not on the short list
    const words = names("acmebank.com", "combosquatting", { keywords: ["acme"] }).size;
    expect(out.size).toBe(words * (SHORT_CROSS_TLDS.length - 1));
  });

  it("merges with the families that share a name and keeps their provenance", () => {
    const { permutations } = generatePermutations("acmebank.com", {
      fuzzers: ["combosquatting", "keyword-tld", "combo-tld"],
    });
    const p = permutations.find((x) => x.domain === "acmebank-us.co")!;
    expect(p.fuzzers).toEqual(["keyword-tld", "combo-tld"]);
    expect(permutations.find((x) => x.domain === "acmebank-us.com")!.fuzzers).toEqual([
      "combosquatting",
      "keyword-tld",
    ]);
  });
});
