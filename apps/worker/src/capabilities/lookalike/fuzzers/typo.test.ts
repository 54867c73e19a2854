import { describe, expect, it } from "vitest";
import { names } from "../../../../test/fuzzer-output.ts";
import { KEYBOARDS } from "../keyboards.ts";

describe("typo fuzzers", () => {
  it("addition appends [0-9a-z], also at the end of each hyphen part", () => {
    const out = names("paypal.com", "addition");
    expect(out).toContain("paypala.com");
    expect(out).toContain("paypal1.com");
    expect(out.size).toBe(36);
    const hy = names("my-bank.com", "addition");
    expect(hy).toContain("mya-bank.com");
    expect(hy).toContain("my-bank9.com");
    expect(hy.size).toBe(72);
  });

  it("bitsquatting flips one bit and keeps [a-z0-9-], dropping a leading hyphen", () => {
    const out = names("paypal.com", "bitsquatting");
    expect(out).toContain("qaypal.com"); // p 0x70 ^ 0x01
    expect(out).toContain("paypad.com"); // l 0x6c ^ 0x08
    for (const d of out) expect(d).toMatch(/^[a-z0-9][a-z0-9-]*\.com$/);
    const all = names("mybank.com", "bitsquatting", { includeInvalid: true });
    expect(all).toContain("-ybank.com"); // m 0x6d ^ 0x40, invalid
    expect(names("mybank.com", "bitsquatting")).not.toContain("-ybank.com");
  });

  it("hyphenation inserts a hyphen between two characters", () => {
    expect(names("paypal.com", "hyphenation")).toEqual(
      new Set(["p-aypal.com", "pa-ypal.com", "pay-pal.com", "payp-al.com", "paypa-l.com"]),
    );
  });

  it("insertion puts a keyboard neighbour before or after each character", () => {
    const out = names("paypal.com", "insertion");
    expect(out).toContain("pqaypal.com");
    expect(out).toContain("paqypal.com");
    expect(out).toContain("opaypal.com"); // prepend (dnstwist #206)
  });

  it("omission drops one character", () => {
    expect(names("paypal.com", "omission")).toEqual(
      new Set(["aypal.com", "pypal.com", "papal.com", "paypl.com", "paypa.com", "payal.com"]),
    );
  });

  it("plural pluralises inner positions 2..len-3, es after s/x/z", () => {
    expect(names("acmebank.com", "plural")).toContain("acmesbank.com");
    expect(names("boxshop.com", "plural")).toContain("boxesshop.com");
    expect(names("abcd.com", "plural").size).toBe(0);
  });

  it("repetition doubles one character", () => {
    expect(names("paypal.com", "repetition")).toEqual(
      new Set(["ppaypal.com", "paaypal.com", "payypal.com", "payppal.com", "paypaal.com", "paypall.com"]),
    );
  });

  it("replacement uses qwerty, qwertz, azerty, dvorak and colemak neighbours", () => {
    const out = names("paypal.com", "replacement");
    expect(out).toContain("oaypal.com"); // qwerty p->o
    expect(out).toContain("pqypal.com"); // a->q
    expect(out).toContain("paypam.com"); // azerty l->m
  });

  it("keyboard adjacency reproduces dnstwist's tables", () => {
    const qwerty = KEYBOARDS.get("qwerty")!;
    expect(new Set(qwerty.get("q"))).toEqual(new Set("12wa"));
    expect(new Set(qwerty.get("s"))).toEqual(new Set("edxzaw"));
    expect(new Set(qwerty.get("m"))).toEqual(new Set("njk"));
    expect(new Set(qwerty.get("0"))).toEqual(new Set("po9"));
    const azerty = KEYBOARDS.get("azerty")!;
    expect(new Set(azerty.get("a"))).toEqual(new Set("2zq1"));
    expect(new Set(azerty.get("m"))).toEqual(new Set("lp"));
    expect(new Set(azerty.get("l"))).toEqual(new Set("kopm"));
    expect(new Set(KEYBOARDS.get("qwertz")!.get("y"))).toEqual(new Set("asx"));
  });

  it("transposition swaps adjacent characters", () => {
    expect(names("paypal.com", "transposition")).toEqual(
      new Set(["apypal.com", "pyapal.com", "papyal.com", "payapl.com", "paypla.com"]),
    );
  });

  it("vowel-swap replaces a vowel by another", () => {
    const out = names("paypal.com", "vowel-swap");
    expect(out).toContain("peypal.com");
    expect(out).toContain("paypul.com");
    expect(out.size).toBe(8);
  });

  it("change-order moves one character anywhere", () => {
    const out = names("paypal.com", "change-order");
    expect(out).toContain("aypalp.com");
    expect(out).toContain("apypal.com");
    expect(out).toContain("lpaypa.com");
  });

  it("double-replacement replaces a doubled character by another doubled one", () => {
    const out = names("google.com", "double-replacement");
    expect(out).toContain("gaagle.com");
    expect(out).toContain("g00gle.com");
    expect(names("paypal.com", "double-replacement").size).toBe(0);
  });

  it("vowel-shuffle tries every vowel combination", () => {
    const out = names("paypal.com", "vowel-shuffle");
    expect(out.size).toBe(24);
    expect(out).toContain("puypol.com");
  });

  it("double-vowel-insertion inserts a letter between adjacent vowels", () => {
    const out = names("google.com", "double-vowel-insertion");
    expect(out).toContain("goxogle.com");
    expect(out.size).toBe(26);
  });
});
