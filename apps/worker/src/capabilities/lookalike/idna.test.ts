import { describe, expect, it } from "vitest";
import { bidiNameError, checkLabel, domainToAscii, isIdnaCodePoint, registryError } from "./idna.ts";

describe("IDNA 2008 and registry rules", () => {
  it("checks code points against IDNA 2008", () => {
    expect(isIdnaCodePoint("ü")).toBe(true);
    expect(isIdnaCodePoint("ß")).toBe(true); // PVALID in IDNA 2008
    expect(isIdnaCodePoint("ɑ")).toBe(true);
    expect(isIdnaCodePoint("☃")).toBe(false); // symbol: UTS #46 NV8
    expect(isIdnaCodePoint("Ａ")).toBe(false); // fullwidth: mapped, not valid as is
    expect(isIdnaCodePoint("ſ")).toBe(false); // long s: NFKC changes it
  });

  it("encodes labels and reports why a label is invalid", () => {
    expect(checkLabel("bücher")).toEqual({ ascii: "xn--bcher-kva", error: undefined });
    expect(checkLabel("a".repeat(64)).error).toMatch(/longer than 63/);
    expect(checkLabel("-ab").error).toMatch(/starts with a hyphen/);
    expect(checkLabel("ab-").error).toMatch(/ends with a hyphen/);
    expect(checkLabel("ab--c").error).toMatch(/double hyphen/);
    expect(checkLabel("xn--bcher-kva").error).toBeUndefined();
    expect(checkLabel("a☃").error).toMatch(/not valid under IDNA 2008/);
    expect(checkLabel("\u093fab").error).toMatch(/starts with a combining mark/); // Devanagari vowel sign
    expect(checkLabel("\u0915\u093f").error).toBeUndefined(); // the same mark after its consonant
    expect(checkLabel("\u0301ab").error).toMatch(/starts with a combining mark/); // U+0301 is PVALID
    expect(checkLabel("\u0340ab").error).toMatch(/U\+0340.*not valid under IDNA 2008/); // DISALLOWED outright
  });

  it("follows RFC 5892's derived table, context rules included", () => {
    expect(checkLabel("بنك\u0640").error).toMatch(/U\+0640.*not valid/); // Arabic tatweel: Lm, yet DISALLOWED
    expect(checkLabel("col\u00b7legi").error).toBeUndefined(); // A.3: Catalan l·l
    expect(checkLabel("co\u00b7legi").error).toMatch(/U\+00B7/);
    expect(checkLabel("\u05d0\u05f3").error).toBeUndefined(); // A.5: geresh after a Hebrew letter
    expect(checkLabel("\u0628\u0661\u06f1").error).toMatch(/not valid/); // A.8/A.9: both Arabic digit sets
  });

  it("takes right-to-left labels that satisfy the bidi rule (RFC 5893), per label and per name", () => {
    expect(isIdnaCodePoint("א")).toBe(true);
    expect(isIdnaCodePoint("ب")).toBe(true);
    expect(checkLabel("דוגמה")).toEqual({ ascii: "xn--6dbbec0c", error: undefined, rtl: true }); // Hebrew
    expect(checkLabel("بنك")).toEqual({ ascii: "xn--ngb8ci", error: undefined, rtl: true }); // Arabic
    expect(checkLabel("بنك1")).toMatchObject({ error: undefined }); // European digit at the end: rule 6
    expect(checkLabel("بنكa").error).toMatch(/bidi rule/); // a Latin letter in an RTL label: rule 2
    expect(checkLabel("1بنك").error).toMatch(/bidi rule/); // must start with an RTL letter: rule 1
    expect(bidiNameError("بنك.com")).toBeUndefined();
    expect(bidiNameError("3com.بنك")).toMatch(/bidi rule/); // an LTR label of a bidi name starts with a letter
    expect(bidiNameError("3com.example")).toBeUndefined(); // no RTL label: the rule does not apply
  });

  it("converts whole names as UTS #46 maps them, and says why one is refused", () => {
    expect(domainToAscii("Example\u3002COM")).toEqual({
      ok: true,
      ascii: "example.com",
      unicode: "example.com",
    });
    expect(domainToAscii("b\uff0eexample\uff61com")).toMatchObject({ ascii: "b.example.com" });
    expect(domainToAscii("מבחן.com")).toEqual({ ok: true, ascii: "xn--5dbmtg.com", unicode: "מבחן.com" });
    expect(domainToAscii(".example.com")).toEqual({
      ok: false,
      error: "starts with a dot (an empty first label)",
    });
    expect(domainToAscii("a..com")).toMatchObject({ error: "has an empty label (two dots in a row)" });
    expect(domainToAscii("1מבחן.com")).toMatchObject({ error: expect.stringMatching(/bidi rule/) });
    expect(domainToAscii("ex_ample.com")).toMatchObject({ error: expect.stringMatching(/"ex_ample"/) });
  });

  it("applies registry IDN tables and the single-script rule", () => {
    expect(registryError("bücher", "de")).toBeUndefined();
    expect(registryError("bɑnk", "de")).toMatch(/not in the \.de registry's IDN table/);
    expect(registryError("bücher", "co.uk")).toMatch(/co\.uk registry/);
    expect(registryError("pаypal", "com")).toMatch(/mixes scripts \(Latin \+ Cyrillic\)/);
    expect(registryError("раураӏ", "com")).toBeUndefined();
    expect(registryError("раураӏ", "de")).toMatch(/Cyrillic script is not accepted/);
    expect(registryError("раураӏ", "eu")).toBeUndefined();
    expect(registryError("bɑnk", "com")).toBeUndefined();
  });
});
