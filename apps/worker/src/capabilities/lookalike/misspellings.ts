/**
 * Common English misspellings, from cspell's `@cspell/dict-en-common-misspellings` (about 89k
 * "wrong->right, right" pairs), looked up as correct word -> misspellings. A label asks for a few
 * dozen words, so instead of parsing and inverting the whole 2.6 MB list, one pass of one regular
 * expression over the file's text finds the pairs naming those words; results are remembered.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let text: string | undefined;
const known = new Map<string, readonly string[]>();
const NONE: readonly string[] = [];

function readText(): string {
  const require = createRequire(import.meta.url);
  const ext = require.resolve("@cspell/dict-en-common-misspellings/cspell-ext.json");
  return readFileSync(join(dirname(ext), "dict", "dict-en.json"), "utf8");
}

/** Offsets of every `key` in the text, in order. */
function offsetsOf(all: string, key: string): number[] {
  const out: number[] = [];
  for (let at = all.indexOf(key); at >= 0; at = all.indexOf(key, at + 1)) out.push(at);
  return out;
}

let sections: Array<{ at: number; order: number }> | undefined;

/** Where a pair sits, for the list's order: each definition's suggestWords, then its flagWords. */
function orderOf(all: string, at: number): number {
  if (!sections) {
    const names = offsetsOf(all, '"name"');
    const definition = (pos: number) => names.filter((n) => n < pos).length;
    sections = [
      ...offsetsOf(all, '"suggestWords"').map((pos) => ({ at: pos, order: definition(pos) * 2 })),
      ...offsetsOf(all, '"flagWords"').map((pos) => ({ at: pos, order: definition(pos) * 2 + 1 })),
    ].sort((a, b) => a.at - b.at);
  }
  let order = 0;
  for (const s of sections) if (s.at < at) order = s.order;
  return order;
}

/** Correct word -> its misspellings (lower-case a-z), for each of `words` (3 letters or more). */
export function misspellingsOf(words: Iterable<string>): ReadonlyMap<string, readonly string[]> {
  const wanted = new Set<string>();
  for (const w of words) if (!known.has(w) && /^[a-z]{3,}$/.test(w)) wanted.add(w);
  if (wanted.size) {
    text ??= readText();
    const all = text;
    // A right-hand word: after "->" or ",", up to the next "," or the pair's closing quote.
    const re = new RegExp(`(?:->|,)\\s*(${[...wanted].join("|")})\\s*(?=[",])`, "gi");
    const hits: Array<{ order: number; at: number; word: string; wrong: string }> = [];
    for (let m = re.exec(all); m; m = re.exec(all)) {
      const at = m.index + m[0].indexOf(m[1]!);
      const start = all.lastIndexOf('"', at) + 1;
      const arrow = all.indexOf("->", start);
      if (arrow < 0 || arrow > at) continue;
      const wrong = all.slice(start, arrow).trim().toLowerCase();
      if (!/^[a-z]+$/.test(wrong)) continue;
      hits.push({ order: orderOf(all, start), at, word: m[1]!.toLowerCase(), wrong });
    }
    hits.sort((a, b) => a.order - b.order || a.at - b.at);
    const found = new Map<string, string[]>();
    for (const h of hits) {
      const list = found.get(h.word);
      if (list) list.push(h.wrong);
      else found.set(h.word, [h.wrong]);
    }
    for (const w of wanted) known.set(w, found.get(w) ?? NONE);
  }
  const out = new Map<string, readonly string[]>();
  for (const w of words) {
    const list = known.get(w);
    if (list?.length) out.set(w, list);
  }
  return out;
}
