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
export function prototypeOf(ch: string): string {
  return confusableMap()[ch] ?? ch;
}

let index: Map<string, string[]> | undefined;

/**
 * Prototype -> non-ASCII characters valid in an IDN label whose prototype it is, in code point
 * order (`o` -> Cyrillic о, Greek ο, ...). Built once (about 6,000 entries).
 */
export function confusablesByPrototype(): ReadonlyMap<string, readonly string[]> {
  if (index) return index;
  index = new Map();
  const entries = Object.entries(confusableMap()).sort(([a], [b]) => a.codePointAt(0)! - b.codePointAt(0)!);
  for (const [source, proto] of entries) {
    if ([...source].length !== 1 || source.charCodeAt(0) < 0x80) continue;
    const lower = source.toLowerCase();
    if (lower !== source || !isIdnaCodePoint(source)) continue;
    const list = index.get(proto);
    if (list) list.push(source);
    else index.set(proto, [source]);
  }
  return index;
}

/** Look-alikes of `ch` (by shared prototype), optionally only those of one script. */
export function confusablesOf(ch: string, script?: string): readonly string[] {
  const list = confusablesByPrototype().get(prototypeOf(ch)) ?? [];
  const out = list.filter((c) => c !== ch && (script === undefined || scriptOf(c) === script));
  return out;
}
