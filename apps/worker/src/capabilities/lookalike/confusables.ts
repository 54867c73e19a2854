/**
 * Unicode TR39 confusables (Unicode 17 confusables.txt, generated into data/confusables.ts by
 * scripts/generate-confusables.mjs): the skeleton function, and for each prototype the characters
 * that look like it, restricted to code points that are valid in an IDNA 2008 label.
 */
import { CONFUSABLES } from "./data/confusables.ts";
import { isIdnaCodePoint } from "./idna.ts";
import { scriptOf } from "./scripts.ts";

let data: Map<string, string> | undefined;
/** Character -> prototype, built from the generated table on first use. */
function confusableMap(): ReadonlyMap<string, string> {
  if (data) return data;
  data = new Map();
  for (let i = 0; i < CONFUSABLES.length;) {
    const source = String.fromCodePoint(CONFUSABLES[i]!);
    const length = CONFUSABLES[i + 1]!;
    data.set(source, String.fromCodePoint(...CONFUSABLES.slice(i + 2, i + 2 + length)));
    i += 2 + length;
  }
  return data;
}

/** TR39 skeleton: NFD, every character mapped to its prototype, NFD again. */
export function skeleton(text: string): string {
  const map = confusableMap();
  let out = "";
  for (const ch of text.normalize("NFD")) out += map.get(ch) ?? ch;
  return out.normalize("NFD");
}

/** Prototype of one character (itself when it has none). */
function prototypeOf(ch: string): string {
  return confusableMap().get(ch) ?? ch;
}

let sources: Map<string, string[]> | undefined;
const byPrototype = new Map<string, readonly string[]>();

/**
 * Prototype -> non-ASCII characters valid in an IDN label whose prototype it is, in code point
 * order (`o` -> Cyrillic о, Greek ο, ...). Each prototype's list is filtered and sorted when first
 * asked for: a label needs a few dozen of the 6,500 characters.
 */
function confusablesOfPrototype(proto: string): readonly string[] {
  const cached = byPrototype.get(proto);
  if (cached) return cached;
  if (!sources) {
    sources = new Map();
    for (const [source, p] of confusableMap()) {
      if (source.charCodeAt(0) < 0x80) continue;
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

/** Look-alikes of `ch` (by shared prototype), optionally only those of one script. */
export function confusablesOf(ch: string, script?: string): readonly string[] {
  const list = confusablesOfPrototype(prototypeOf(ch));
  const out = list.filter((c) => c !== ch && (script === undefined || scriptOf(c) === script));
  return out;
}
