import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { names } from "../../../test/fuzzer-output.ts";
import { confusablesOf, skeleton } from "./confusables.ts";
import { CONFUSABLES_COUNT, CONFUSABLES_UNICODE_VERSION } from "./data/confusables.ts";

const SAMPLE = new URL("../../../samples/unicode/confusables.txt", import.meta.url);
const SCRIPT = fileURLToPath(new URL("../../../../../scripts/generate-confusables.mjs", import.meta.url));

/** Source character -> prototype, read straight from Unicode's confusables.txt. */
function officialTable(): Map<string, string> {
  const table = new Map<string, string>();
  for (const m of readFileSync(SAMPLE, "utf8").matchAll(/^([0-9A-F]+) ;\t([0-9A-F ]+?) ;\tMA/gm)) {
    const cps = (hex: string) => hex.split(" ").map((h) => parseInt(h, 16));
    table.set(String.fromCodePoint(...cps(m[1]!)), String.fromCodePoint(...cps(m[2]!)));
  }
  return table;
}

describe("Unicode 17 confusables (UTS #39 confusables.txt)", () => {
  it("is the table the generator makes from the stored confusables.txt", () => {
    const run = spawnSync(process.execPath, [SCRIPT, "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(CONFUSABLES_UNICODE_VERSION).toBe("17.0.0");
  });

  it("gives each character of confusables.txt the skeleton UTS #39 defines from the official table", () => {
    const table = officialTable();
    // UTS #39 section 4: NFD, each character replaced by its prototype, NFD again.
    const official = (text: string) =>
      [...text.normalize("NFD")]
        .map((c) => table.get(c) ?? c)
        .join("")
        .normalize("NFD");
    let right = 0;
    for (const source of table.keys()) if (skeleton(source) === official(source)) right++;
    console.log(`confusables.txt: ${right}/${table.size} characters map to their prototype`);
    expect(table.size).toBe(CONFUSABLES_COUNT);
    expect(right / table.size).toBe(1);
  });

  it("knows the Unicode 17 additions and changed prototypes", () => {
    expect(skeleton("þ")).toBe("p"); // added after Unicode 13
    expect(skeleton("ш")).toBe("w"); // Cyrillic sha, added
    expect(skeleton("ӏ")).toBe("l"); // Cyrillic palochka: i in Unicode 13, l now
    expect(skeleton("ƿ")).toBe("p"); // wynn: þ in Unicode 13, p now
    expect(confusablesOf("p")).toContain("þ");
    expect(confusablesOf("w", "Cyrillic")).toContain("ш");
  });

  it("generates þaypal.com for paypal.com", () => {
    expect(names("paypal.com", "confusables")).toContain("þaypal.com");
  });
});
