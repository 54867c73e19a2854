import { describe, expect, it } from "vitest";
import { checkLabel, isIdnaCodePoint, registryError } from "./idna.ts";

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
    expect(checkLabel("\u0301ab").error).toMatch(/U\+0301.*not valid under IDNA 2008/); // DISALLOWED outright
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
