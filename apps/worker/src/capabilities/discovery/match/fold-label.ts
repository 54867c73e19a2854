import { fold } from "../../social/normalize.ts";
import { skeleton } from "../../lookalike/confusables.ts";

/**
 * `fold` (TR39 skeleton, leet digits, letters and digits only) for host-name labels, fast: a label
 * of plain ASCII letters, digits, `-` and `_` (nearly every label a CT log holds) is folded with a
 * per-character table built from the same skeleton data, and gives exactly what `fold` gives;
 * anything else (IDN labels decoded from punycode) goes through `fold` itself.
 */

// Leet digits `fold` reads as letters when they sit next to a letter and not inside a number.
const LEET: Record<string, string> = { "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g" };

const CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-_";

/** char code -> its skeleton (lower case), for the characters of a plain ASCII label. */
let table: Array<string | undefined> | undefined;

function skeletonTable(): Array<string | undefined> {
  if (table) return table;
  table = [];
  for (const c of CHARS) table[c.charCodeAt(0)] = skeleton(c).toLowerCase();
  return table;
}

const isLetter = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** `fold` of a label; the fast path for plain ASCII labels, `fold` for the rest. */
export function foldLabel(label: string): string {
  const t = skeletonTable();
  let sk = "";
  for (let i = 0; i < label.length; i++) {
    const mapped = t[label.charCodeAt(i)];
    if (mapped === undefined) return fold(label);
    sk += mapped;
  }
  let out = "";
  for (let i = 0; i < sk.length; i++) {
    const c = sk.charCodeAt(i);
    if (isLetter(c)) {
      out += sk[i];
      continue;
    }
    if (!isDigit(c)) continue; // `-` and `_`: separators go
    const leet = LEET[sk[i]!];
    const prev = i > 0 ? sk.charCodeAt(i - 1) : -1;
    const next = i + 1 < sk.length ? sk.charCodeAt(i + 1) : -1;
    out += leet && (isLetter(prev) || isLetter(next)) && !isDigit(prev) && !isDigit(next) ? leet : sk[i];
  }
  return out;
}
