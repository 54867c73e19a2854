/**
 * Unicode TR39 confusables (confusables.txt, via the `unhomoglyph` package's data): the skeleton
 * function, and for each prototype the characters that look like it, restricted to code points
 * that are valid in an IDNA 2008 label.
 */
import { createRequire } from "node:module";
import { isIdnaCodePoint } from "./idna.ts";
import { scriptOf } from "./scripts.ts";

type ConfusableMap = Readonly<Record<string, string>>;

let data: ConfusableMap | undefined;
function confusableMap(): ConfusableMap {
  data ??= createRequire(import.meta.url)("unhomoglyph/data.json") as ConfusableMap;
  return data;
}

/** TR39 skeleton: NFD, every character mapped to its prototype, NFD again. */
export function skeleton(text: string): string {
  const map = confusableMap();
  let out = "";
  for (const ch of text.normalize("NFD")) out += map[ch] ?? ch;
  return out.normalize("NFD");
}

/** Prototype of one character (itself when it has none). */
function prototypeOf(ch: string): string {
  return confusableMap()[ch] ?? ch;
}

let sources: Map<string, string[]> | undefined;
const byPrototype = new Map<string, readonly string[]>();

/**
 * Prototype -> non-ASCII characters valid in an IDN label whose prototype it is, in code point
 * order (`o` -> Cyrillic о, Greek ο, ...). The IDNA check is costly (about 6,000 characters), so
 * each prototype's list is filtered when first asked for: a label needs a few dozen.
 */
function confusablesOfPrototype(proto: string): readonly string[] {
  const cached = byPrototype.get(proto);
  if (cached) return cached;
  if (!sources) {
    sources = new Map();
    for (const [source, p] of Object.entries(confusableMap())) {
      if (!isOneCodePoint(source) || source.charCodeAt(0) < 0x80) continue;
      const list = sources.get(p);
      if (list) list.push(source);
      else sources.set(p, [source]);
    }
  }
  const list = (sources.get(proto) ?? [])
    .filter((c) => c.toLowerCase() === c && isIdnaCodePoint(c))
    .sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
  byPrototype.set(proto, list);
  return list;
}

/** `[...text].length === 1`, without iterating (the map has over 6,000 keys). */
function isOneCodePoint(text: string): boolean {
  return text.length === 1 || (text.length === 2 && text.codePointAt(0)! > 0xffff);
}

/** Look-alikes of `ch` (by shared prototype), optionally only those of one script. */
export function confusablesOf(ch: string, script?: string): readonly string[] {
  const list = confusablesOfPrototype(prototypeOf(ch));
  const out = list.filter((c) => c !== ch && (script === undefined || scriptOf(c) === script));
  return out;
}
