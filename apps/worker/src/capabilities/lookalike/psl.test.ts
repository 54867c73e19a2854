import { readFileSync } from "node:fs";
import { parse } from "tldts";
import { describe, expect, it } from "vitest";
import { names } from "../../../test/fuzzer-output.ts";
import { domainToAscii } from "./idna.ts";
import { registrableOf, sectionSuffixes, splitDomain } from "./psl.ts";

const SAMPLE = new URL("../../../samples/psl/test_psl.txt", import.meta.url);

/** The `checkPublicSuffix(input, expected)` lines of the PSL's official test file. */
function vectors(): Array<{ input: string | null; expected: string | null }> {
  const quoted = (s: string) => (s === "null" ? null : s.slice(1, -1));
  const out = [];
  for (const m of readFileSync(SAMPLE, "utf8").matchAll(/^checkPublicSuffix\(([^,]+), ([^)]+)\);/gm)) {
    out.push({ input: quoted(m[1]!), expected: quoted(m[2]!) });
  }
  return out;
}

describe("public suffix list through tldts (PSL test_psl.txt)", () => {
  it("passes every vector of the PSL's test_psl.txt through registrableOf and splitDomain", () => {
    // The null-input vector is left out: the product's functions take strings only.
    const cases = vectors().filter((v) => v.input !== null);
    const failures: string[] = [];
    for (const { input, expected } of cases) {
      const got = registrableOf(input!);
      const split = splitDomain(input!).registrable;
      if (got !== expected || split !== expected)
        failures.push(`${input}: ${got} / ${split}, want ${expected}`);
      // The same through the product's IDNA conversion: the ASCII form of the input gives the ASCII answer.
      const ascii = domainToAscii(input!.toLowerCase());
      if (ascii.ok) {
        const want = expected === null ? null : domainToAscii(expected);
        const gotAscii = registrableOf(ascii.ascii);
        if (gotAscii !== (want?.ok ? want.ascii : null)) failures.push(`${input} as ASCII: ${gotAscii}`);
      }
    }
    const share = (cases.length - failures.length) / cases.length;
    console.log(
      `test_psl.txt: ${cases.length - failures.length}/${cases.length} right (${(share * 100).toFixed(1)}%)`,
    );
    expect(cases.length).toBeGreaterThanOrEqual(70);
    expect(failures).toEqual([]);
  });

  it("refuses names with a leading dot or an empty label", () => {
    expect(registrableOf(".example.com")).toBeNull();
    expect(registrableOf("www..example.com")).toBeNull();
    expect(splitDomain(".example.example").registrable).toBeNull();
    expect(registrableOf("WwW.Example.COM")).toBe("example.com");
  });

  it("lists only suffixes tldts accepts, with something registrable one label below", () => {
    const icann = sectionSuffixes("icann", () => true);
    const privateSuffixes = sectionSuffixes("private", () => true);
    expect(icann.length).toBeGreaterThan(6000);
    expect(privateSuffixes.length).toBeGreaterThan(2000);
    let right = 0;
    for (const suffix of icann) {
      const r = parse(`example.${suffix}`, { allowPrivateDomains: true });
      if (r.publicSuffix === suffix && r.domain === `example.${suffix}` && r.isIcann) right++;
    }
    expect(right).toBe(icann.length);
    expect(icann).toContain("se");
    expect(icann).toContain("bg");
    expect(icann).not.toContain("ck"); // *.ck: one label under ck is a suffix again
  });

  it("permute's wrong-tld gives the TLDs whose one-letter children are suffixes too (.se, .bg)", () => {
    // x.se and x.bg are listed suffixes, which once hid .se and .bg from the fuzzers.
    const out = names("example.com", "wrong-tld");
    expect(out).toContain("example.se");
    expect(out).toContain("example.bg");
    expect(out).toContain("example.de");
    expect(out).not.toContain("example.ck");
  });
});
