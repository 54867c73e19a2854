import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tlshDistance, tlshHash } from "@brandwarden/platform/hashing/tlsh";
import { htmlFuzzyHash, htmlSimilarity } from "./fuzzy-hash.ts";

// Reference vectors: Trend Micro's own test inputs and expected outputs (Testing/example_data,
// Testing/exp, 128 buckets / 1-byte checksum), and two Cyrillic/Greek pages hashed by the reference
// `tlsh` binary built from the same commit. See samples/tlsh/SOURCES.md.

const SAMPLES = new URL("../../../../samples/tlsh/", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, SAMPLES));
const rows = (file: string) =>
  read(file)
    .toString("utf8")
    .trim()
    .split("\n")
    .map((l) => l.split("\t"));

const hashes = rows("expected-hashes.tsv").map(([hash, path]) => ({ hash: hash!, path: path! }));
const expectedOf = (path: string) => hashes.find((h) => h.path === path)!.hash;

describe("reference TLSH", () => {
  it("gives Trend Micro's expected T1 hash for each reference input", () => {
    let right = 0;
    for (const { hash, path } of hashes) if (tlshHash(read(path)) === hash) right++;
    console.log(`TLSH hashes equal to the reference: ${right}/${hashes.length}`);
    expect(right).toBe(hashes.length);
  });

  for (const [file, length] of [
    ["expected-distances.len.tsv", true],
    ["expected-distances.xlen.tsv", false],
  ] as const) {
    it(`gives the reference distances (${length ? "tlsh -c" : "tlsh -c -xlen"})`, () => {
      const pairs = rows(file);
      const got = pairs.map(([a, b]) => tlshDistance(expectedOf(a!), expectedOf(b!), { length }));
      expect(got).toEqual(pairs.map(([, , d]) => Number(d)));
    });
  }

  it("gives no hash where the reference gives none: under 50 bytes, or too uniform", () => {
    expect(tlshHash(read("example_data/small.txt").subarray(0, 49))).toBeNull();
    expect(tlshHash(Buffer.alloc(4096, "a"))).toBeNull();
  });

  it("refuses to compare what is not a T1 hash, with a clear error", () => {
    const t1 = expectedOf("example_data/0Alice.txt");
    expect(() => tlshDistance(t1, t1.slice(2))).toThrow(/not a T1 TLSH hash/);
    expect(() => tlshDistance(t1, "T1zz")).toThrow(/not a T1 TLSH hash/);
  });
});

describe("page fuzzy hash", () => {
  const ru = "pages/udhr-ru-el.html";
  const edited = "pages/udhr-ru-el-edited.html";

  it("hashes a Cyrillic and Greek page over its UTF-8 bytes, as the reference tool does", () => {
    for (const path of [ru, edited])
      expect(htmlFuzzyHash(read(path).toString("utf8"))).toBe(`tlsh:${expectedOf(path)}`);
    expect(htmlFuzzyHash(read("example_data/42nd_street.txt").toString("latin1"))).not.toBe(
      `tlsh:${expectedOf("example_data/42nd_street.txt")}`, // latin1 text becomes other UTF-8 bytes
    );
  });

  it("rates page similarity from the reference distance without length", () => {
    const a = htmlFuzzyHash(read(ru).toString("utf8"));
    const b = htmlFuzzyHash(read(edited).toString("utf8"));
    expect(htmlSimilarity(a, b)).toBeCloseTo(1 - 37 / 400, 2);
    expect(htmlSimilarity(a, a)).toBe(1);
  });

  it("does not compare a hash stored before the reference form with a new one", () => {
    const now = htmlFuzzyHash(read(ru).toString("utf8"))!;
    const legacy = `tlsh:${now.slice("tlsh:T1".length)}`;
    expect(htmlSimilarity(now, legacy)).toBeNull();
    expect(htmlSimilarity(legacy, legacy)).toBeNull();
    expect(htmlSimilarity(now, null)).toBeNull();
  });
});
