import { describe, expect, it } from "vitest";
import { generatePermutations } from "../generate.ts";
import { skeleton } from "../confusables.ts";
import { names } from "../../../../test/fuzzer-output.ts";

describe("look-alike fuzzers", () => {
  it("homoglyph: ASCII look-alikes, bigrams and IDN glyphs, two deep", () => {
    const out = names("paypal.com", "homoglyph");
    expect(out).toContain("paypa1.com"); // l -> 1
    expect(out).toContain("ṗaypal.com"); // Unicode table
    expect(out).toContain("ṗayṗal.com"); // a run of the same character (dnstwist 20221213)
    expect(out).toContain("ṗaypa1.com"); // depth 2
    expect(names("microsoft.com", "homoglyph")).toContain("rnicrosoft.com"); // m -> rn
    expect(names("modern.com", "homoglyph")).toContain("modem.com"); // bigram rn -> m
  });

  it("homoglyph follows the registry: no IDN under .co.uk, DENIC's table under .de", () => {
    const uk = names("brand.co.uk", "homoglyph");
    expect([...uk].every((d) => /^[a-z0-9.-]+$/.test(d))).toBe(true);
    expect(uk).toContain("brancl.co.uk");
    const flagged = generatePermutations("brand.co.uk", { fuzzers: ["homoglyph"], includeInvalid: true });
    const idn = flagged.permutations.find((p) => p.domain_unicode === "bṙand.co.uk");
    expect(idn?.valid).toBe(false);
    expect(idn?.invalid_reason).toMatch(/co\.uk registry's IDN table/);
    const de = names("bücher.de", "homoglyph");
    expect(de).toContain("büchér.de");
    expect(de).not.toContain("bücheɾ.de"); // ɾ is not in .de's table
  });

  it("cyrillic rewrites the whole label only when every letter has a twin", () => {
    expect(names("paypal.com", "cyrillic")).toEqual(new Set(["раураӏ.com"]));
    expect(names("acmebank.com", "cyrillic").size).toBe(0); // n has no twin
    expect(names("paypal.co.uk", "cyrillic").size).toBe(0); // .uk takes no IDN
  });

  it("mapped applies leet and multi-character mappings both ways", () => {
    const out = names("paypal.com", "mapped");
    expect(out).toContain("p4ypal.com");
    expect(out).toContain("p4yp4l.com");
    expect(names("facebook.com", "mapped")).toContain("phacebook.com");
    expect(names("facebook.com", "mapped")).toContain("faceb00k.com");
    expect(names("microsoft.com", "mapped")).toContain("rnicrosoft.com");
    expect(names("phone.com", "mapped")).toContain("fone.com");
  });

  it("confusables adds TR39 look-alikes of the label's own script, and whole-script twins", () => {
    const out = names("paypal.com", "confusables");
    expect(out).toContain("pɑypal.com"); // U+0251 Latin alpha
    expect(names("copy.com", "confusables")).toContain("сору.com"); // whole-script Cyrillic
    for (const d of out) expect(skeleton(d.split(".")[0]!)).toBe(skeleton("paypal"));
  });

  it("skeleton maps confusables to the same prototype", () => {
    expect(skeleton("pаypal")).toBe(skeleton("paypal")); // Cyrillic а
    expect(skeleton("paypal")).not.toBe(skeleton("paypa"));
  });
});
