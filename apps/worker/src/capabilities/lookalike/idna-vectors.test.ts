import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { IDNA2008_UNICODE_VERSION } from "./data/idna2008.ts";
import { bidiNameError, checkLabel, domainToAscii } from "./idna.ts";

const SAMPLES = new URL("../../../samples/unicode/", import.meta.url);
const SCRIPT = fileURLToPath(new URL("../../../../../scripts/generate-idna2008.mjs", import.meta.url));

interface Vector {
  line: number;
  source: string;
  toUnicode: string;
  toUnicodeErrors: boolean;
  toAsciiN: string;
  toAsciiNErrors: boolean;
}

/** "\u05D0" and "\x{1F600}" escapes of IdnaTestV2.txt, and "" for the empty string. */
function unescape(field: string): string {
  const text = field
    .replace(/\\u([0-9A-Fa-f]{4})/g, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/\\x\{([0-9A-Fa-f]+)\}/g, (_, h: string) => String.fromCodePoint(parseInt(h, 16)));
  return text === '""' ? "" : text;
}

/** The official UTS #46 conformance vectors, blanks filled in as the file's header says. */
function vectors(): Vector[] {
  const out: Vector[] = [];
  const lines = readFileSync(new URL("IdnaTestV2.txt", SAMPLES), "utf8").split("\n");
  lines.forEach((raw, i) => {
    const text = raw.replace(/#.*$/, "");
    if (text.trim() === "") return;
    const cols = text.split(";").map((c) => c.trim());
    const source = unescape(cols[0]!);
    const toUnicode = cols[1] ? unescape(cols[1]) : source;
    const toUnicodeStatus = cols[2] ?? "";
    const toAsciiN = cols[3] ? unescape(cols[3]) : toUnicode;
    const toAsciiNStatus = cols[4] ? cols[4] : toUnicodeStatus;
    out.push({
      line: i + 1,
      source,
      toUnicode,
      toUnicodeErrors: toUnicodeStatus !== "" && toUnicodeStatus !== "[]",
      toAsciiN,
      toAsciiNErrors: toAsciiNStatus !== "" && toAsciiNStatus !== "[]",
    });
  });
  return out;
}

/** Code point -> IDNA 2008 derived property, from Unicode's Idna2008.txt. */
function idna2008(): (cp: number) => string {
  const ranges: Array<[number, number, string]> = [];
  const text = readFileSync(new URL("Idna2008.txt", SAMPLES), "utf8");
  for (const m of text.matchAll(/^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?\s*;\s*(\w+)/gm)) {
    ranges.push([parseInt(m[1]!, 16), parseInt(m[2] ?? m[1]!, 16), m[3]!]);
  }
  return (cp) => ranges.find(([a, b]) => cp >= a && cp <= b)?.[2] ?? "UNASSIGNED";
}

const pct = (n: number, of: number) => `${n}/${of} (${((100 * n) / of).toFixed(1)}%)`;

describe("IDNA against Unicode 17 IdnaTestV2.txt (UTS #46 conformance vectors)", () => {
  const all = vectors();

  it("converts names as UTS #46 does with every check on (nontransitional, STD3, hyphens, joiners, bidi, DNS lengths)", () => {
    // Every vector applies: the product runs UTS #46 with all its flags on, so no status code is ignored.
    const valid = all.filter((v) => !v.toAsciiNErrors);
    const invalid = all.filter((v) => v.toAsciiNErrors);
    const wrong: string[] = [];
    let validRight = 0;
    for (const v of valid) {
      const got = domainToAscii(v.source);
      const unicodeOk = v.toUnicodeErrors || (got.ok && got.unicode === v.toUnicode);
      if (got.ok && got.ascii === v.toAsciiN && unicodeOk) validRight++;
      else wrong.push(`line ${v.line}: ${JSON.stringify(v.source)} -> ${JSON.stringify(got)}`);
    }
    let invalidRefused = 0;
    for (const v of invalid) {
      const got = domainToAscii(v.source);
      if (!got.ok) invalidRefused++;
      else wrong.push(`line ${v.line}: ${JSON.stringify(v.source)} accepted as ${got.ascii}`);
    }
    console.log(`IdnaTestV2 valid names converted right: ${pct(validRight, valid.length)}`);
    console.log(`IdnaTestV2 invalid names refused: ${pct(invalidRefused, invalid.length)}`);
    expect(valid.length).toBeGreaterThan(500);
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(validRight / valid.length).toBe(1);
    expect(invalidRefused / invalid.length).toBe(1);
  });

  it("takes the valid vectors' U-labels as lookalike candidates when IDNA 2008 allows them", () => {
    const property = idna2008();
    // Left out, as the file's header allows for IDNA 2008 implementations: names with a code point
    // IDNA 2008 disallows (UTS #46's NV8/XV8 symbols, which no registry takes), and names with a
    // joiner (CONTEXTJ): candidates never hold ZWJ/ZWNJ, so the candidate check refuses them.
    const applicable = all.filter(
      (v) =>
        !v.toAsciiNErrors &&
        v.toUnicode !== "" &&
        [...v.toUnicode].every(
          (c) => c === "." || ["PVALID", "CONTEXTO"].includes(property(c.codePointAt(0)!)),
        ),
    );
    let right = 0;
    const wrong: string[] = [];
    for (const v of applicable) {
      const labels = v.toUnicode.split(".");
      const checks = labels.map((l, i) =>
        l === "" && i === labels.length - 1 ? { ascii: "" } : checkLabel(l),
      );
      const error = checks.find((c) => "error" in c && c.error)?.error ?? bidiNameError(v.toUnicode);
      const ascii = checks.map((c) => c.ascii).join(".");
      if (!error && ascii === v.toAsciiN) right++;
      else wrong.push(`line ${v.line}: ${JSON.stringify(v.toUnicode)} -> ${error ?? ascii}`);
    }
    const valid = all.filter((v) => !v.toAsciiNErrors).length;
    console.log(
      `IdnaTestV2 valid names under IDNA 2008 (${applicable.length} of ${valid}) taken: ${pct(right, applicable.length)}`,
    );
    expect(applicable.length).toBeGreaterThan(300);
    expect(right / applicable.length).toBe(1);
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it("uses the IDNA 2008 table the generator makes from the stored Idna2008.txt", () => {
    const run = spawnSync(process.execPath, [SCRIPT, "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(IDNA2008_UNICODE_VERSION).toBe("17.0.0");
  });
});
