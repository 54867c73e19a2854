/**
 * Common English misspellings, from cspell's `@cspell/dict-en-common-misspellings` (about 89k
 * pairs), inverted to correct word -> misspellings. Loaded on first use.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

interface CspellDictFile {
  dictionaryDefinitions: { suggestWords?: string[]; flagWords?: string[] }[];
}

let index: Map<string, string[]> | undefined;

export function misspellingsIndex(): ReadonlyMap<string, readonly string[]> {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const ext = require.resolve("@cspell/dict-en-common-misspellings/cspell-ext.json");
  const file = JSON.parse(readFileSync(join(dirname(ext), "dict", "dict-en.json"), "utf8")) as CspellDictFile;
  index = new Map();
  for (const def of file.dictionaryDefinitions) {
    for (const pair of [...(def.suggestWords ?? []), ...(def.flagWords ?? [])]) {
      const arrow = pair.indexOf("->");
      if (arrow < 0) continue;
      const wrong = pair.slice(0, arrow).trim().toLowerCase();
      if (!/^[a-z]+$/.test(wrong)) continue;
      for (const right of pair.slice(arrow + 2).split(",")) {
        const word = right.trim().toLowerCase();
        if (!/^[a-z]{3,}$/.test(word)) continue;
        const list = index.get(word);
        if (list) list.push(wrong);
        else index.set(word, [wrong]);
      }
    }
  }
  return index;
}
