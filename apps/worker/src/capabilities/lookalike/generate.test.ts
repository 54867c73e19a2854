import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import { generatePermutations, permutationSteps } from "./generate.ts";
import { PermutationBudgetError, PermutationInputError } from "./errors.ts";
import { FUZZER_NAMES } from "@brandwarden/contract/constants";
import { FUZZER_DESCRIPTIONS } from "./fuzzer-names.ts";
import { FUZZER_FNS } from "./fuzzers/index.ts";
import { isSingleScript, scriptsOf } from "./scripts.ts";

describe("generatePermutations: input", () => {
  it("accepts Unicode, punycode, upper case, trailing dot and URLs alike", () => {
    const inputs = [
      "bücher.de",
      "xn--bcher-kva.de",
      "BÜCHER.DE.",
      "https://Bücher.de:8443/pfad?q=1#x",
      "bücher.de/path",
      "bücher\u3002de", // ideographic full stop, mapped to "." as UTS #46 does
      "BÜCHER\uff0eDE", // full-width full stop
      "bücher\uff61de", // half-width ideographic full stop
    ];
    for (const input of inputs) {
      const { original } = generatePermutations(input, { fuzzers: ["omission"] });
      expect(original).toEqual({
        domain: "xn--bcher-kva.de",
        domain_unicode: "bücher.de",
        registrable: "xn--bcher-kva.de",
        suffix: "de",
        label: "bücher",
        subdomain: "",
      });
    }
  });

  it("permutes right-to-left brands: Arabic- and Hebrew-script lookalikes, valid under the bidi rule", () => {
    const arabic = generatePermutations("بنك.com").permutations;
    const byName = new Map(arabic.map((p) => [p.domain_unicode, p]));
    expect(byName.get("بنک.com")?.fuzzers).toContain("confusables"); // Arabic kaf -> keheh (TR39)
    expect(byName.has("بك.com")).toBe(true); // omission
    expect(byName.get("بنك.net")?.domain).toBe("xn--ngb8ci.net"); // wrong-tld
    expect(arabic.length).toBeGreaterThan(1000);
    const hebrew = generatePermutations("בנק.co.il").permutations;
    expect(hebrew.some((p) => p.domain_unicode === "בק.co.il")).toBe(true);
    expect(hebrew.length).toBeGreaterThan(1000);
    // A Latin letter inside an Arabic label breaks the bidi rule: flagged, never kept.
    const all = generatePermutations("بنك.com", { fuzzers: ["addition"], includeInvalid: true }).permutations;
    expect(all.find((p) => p.domain_unicode === "بنكa.com")?.invalid_reason).toMatch(/bidi rule/);
    expect(all.find((p) => p.domain_unicode === "بنك1.com")?.valid).toBe(true);
  });

  it("splits multi-label suffixes and subdomains with the public suffix list", () => {
    const { original } = generatePermutations("www.Brand.co.uk", { fuzzers: [] });
    expect(original).toMatchObject({
      registrable: "brand.co.uk",
      suffix: "co.uk",
      label: "brand",
      subdomain: "www",
    });
  });

  it.each([
    ["", /empty/],
    ["not a domain", /not a domain/],
    ["localhost", /no dot/],
    ["192.168.1.1", /IP address/],
    ["co.uk", /public suffix/],
    ["-bad.com", /not a valid domain/],
    ["ab--cd.com", /not a valid domain/],
    ["http://", /not a domain/],
    [".example.com", /starts with a dot/],
    ["https://.example.com/", /starts with a dot/],
    ["www..example.com", /empty label/],
    [`${"a".repeat(64)}.com`, /too long/],
  ])("rejects %j", (input, message) => {
    expect(() => generatePermutations(input)).toThrow(PermutationInputError);
    expect(() => generatePermutations(input)).toThrow(message);
  });

  it("rejects unknown fuzzers with the list of known ones", () => {
    expect(() => generatePermutations("a.com", { fuzzers: ["typo" as never] })).toThrow(
      /unknown fuzzer: typo \(known: addition/,
    );
  });
});

describe("generatePermutations: results", () => {
  it("has one description and one implementation per fuzzer", () => {
    expect(Object.keys(FUZZER_FNS).sort()).toEqual([...FUZZER_NAMES].sort());
    for (const name of FUZZER_NAMES) expect(FUZZER_DESCRIPTIONS[name].length).toBeGreaterThan(10);
  });

  it("deduplicates and keeps every fuzzer that produced a name", () => {
    const { permutations } = generatePermutations("paypal.com", {
      fuzzers: ["repetition", "addition", "omission"],
    });
    const hits = permutations.filter((p) => p.domain === "paypall.com");
    expect(hits).toHaveLength(1);
    expect(hits[0]!.fuzzers).toEqual(["addition", "repetition"]);
    expect(hits[0]!.fuzzer).toBe("addition");
    expect(new Set(permutations.map((p) => p.domain)).size).toBe(permutations.length);
    expect(permutations.some((p) => p.domain === "paypal.com")).toBe(false);
  });

  it("gives the valid names in steps, in the result's order, then the same result", () => {
    for (const domain of ["bücher.de", "paypal.com", "brand.co.uk"]) {
      const steps = permutationSteps(domain);
      const batches: string[][] = [];
      let step = steps.next();
      for (; !step.done; step = steps.next()) batches.push(step.value);
      expect(batches.length).toBeGreaterThan(5);
      expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(512);
      expect(batches.flat()).toEqual(step.value.permutations.map((p) => p.domain));
      expect(step.value).toEqual(generatePermutations(domain));
    }
  });

  it("gives ASCII and Unicode forms and the registrable domain", () => {
    const { permutations } = generatePermutations("bücher.de", { fuzzers: ["homoglyph", "subdomain"] });
    const e = permutations.find((p) => p.domain_unicode === "büchér.de")!;
    expect(e.domain).toBe(domainToASCII("büchér.de"));
    expect(e.registrable_domain).toBe(e.domain);
    const sub = permutations.find((p) => p.domain_unicode === "bü.cher.de")!;
    expect(sub.domain).toBe(domainToASCII("bü.cher.de"));
    expect(sub.registrable_domain).toBe("cher.de");
  });

  it("drops invalid names by default and explains them with includeInvalid", () => {
    const long = `${"a".repeat(63)}.com`;
    expect(generatePermutations(long, { fuzzers: ["addition"] }).permutations).toHaveLength(0);
    const all = generatePermutations(long, { fuzzers: ["addition"], includeInvalid: true }).permutations;
    expect(all[0]).toMatchObject({ valid: false, invalid_reason: "label longer than 63 octets (64)" });
    const hy = generatePermutations("ab-cd.com", {
      fuzzers: ["repetition"],
      includeInvalid: true,
    }).permutations;
    expect(hy.find((p) => p.domain === "ab--cd.com")?.invalid_reason).toMatch(
      /double hyphen at positions 3-4/,
    );
    const lead = generatePermutations("mybank.com", {
      fuzzers: ["bitsquatting"],
      includeInvalid: true,
    }).permutations;
    expect(lead.find((p) => p.domain === "-ybank.com")?.invalid_reason).toBe("label starts with a hyphen");
    for (const p of generatePermutations("ab-cd.com").permutations) {
      expect(p.valid).toBe(true);
      for (const label of p.domain.split(".")) {
        expect(label.length).toBeLessThanOrEqual(63);
        expect(label).not.toMatch(/^-|-$/);
        if (!label.startsWith("xn--")) expect(label.slice(2, 4)).not.toBe("--");
      }
    }
  });

  it("never keeps a mixed-script label, even for a Cyrillic-mixed input", () => {
    const { original, permutations } = generatePermutations("pаypal.com"); // Cyrillic а
    expect(original.domain).toBe("xn--pypal-4ve.com");
    expect(permutations.some((p) => p.domain === "pypal.com")).toBe(true);
    for (const p of permutations) {
      const label = p.domain_unicode.split(".").at(-2)!;
      expect(isSingleScript(scriptsOf(label)), p.domain_unicode).toBe(true);
    }
  });

  it("keeps brand.co.uk registrable across suffix fuzzers", () => {
    const { permutations } = generatePermutations("brand.co.uk", {
      fuzzers: ["tld-swap", "wrong-sld", "various"],
      tlds: ["com", "org.uk"],
    });
    const reg = Object.fromEntries(permutations.map((p) => [p.domain, p.registrable_domain]));
    expect(reg).toMatchObject({
      "brand.com": "brand.com",
      "brand.org.uk": "brand.org.uk",
      "brand.uk": "brand.uk",
      "brandco.uk": "brandco.uk",
    });
  });

  it("throws PermutationBudgetError with counts and advice when over maxCandidates", () => {
    let error: unknown;
    try {
      generatePermutations("paypal.com", { maxCandidates: 1000 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PermutationBudgetError);
    const budget = error as PermutationBudgetError;
    expect(budget.candidates).toBeGreaterThan(1000);
    expect(budget.message).toMatch(/over the cap of 1,000 \(maxCandidates\)/);
    expect(budget.message).toMatch(/Largest fuzzers: .*homoglyph/);
    expect(budget.message).toMatch(/raise maxCandidates/);
    expect(() => generatePermutations("paypal.com", { maxCandidates: 0 })).toThrow(PermutationInputError);
  });

  // Speed is measured by the coverage benchmark (bench/), not asserted here.
  it("generates tens of thousands of candidates for a typical brand domain", () => {
    expect(generatePermutations("acmebank.com").permutations.length).toBeGreaterThan(30_000);
  });
});
