/** Character-level typing mistakes: dnstwist's typo fuzzers and the extra ones from other engines. */
import { keyboardNeighbours } from "../keyboards.ts";
import type { FuzzerFn } from "../types.ts";

const ALNUM = "0123456789abcdefghijklmnopqrstuvwxyz";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const BIT_CHARS = new Set([...ALNUM, "-"]);
const VOWELS = "aeiou";
/** Vowel positions combined by vowel-shuffle (5^4 = 625 variants at most). */
const VOWEL_SHUFFLE_MAX_POSITIONS = 4;

/** Append [0-9a-z] to the label and, for hyphenated labels, to the end of each part but the last. */
export const addition: FuzzerFn = function* (ctx) {
  const { label } = ctx;
  const parts = label.split("-");
  for (const c of ALNUM) {
    yield ctx.withLabel(label + c);
    for (let p = 1; p < parts.length; p++) {
      yield ctx.withLabel(`${parts.slice(0, p).join("-")}${c}-${parts.slice(p).join("-")}`);
    }
  }
};

/** XOR each character with the eight single-bit masks, keeping results in [a-z0-9-]. */
export const bitsquatting: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 0; i < chars.length; i++) {
    const code = chars[i]!.codePointAt(0)!;
    for (let bit = 0; bit < 8; bit++) {
      const flipped = String.fromCodePoint(code ^ (1 << bit));
      if (BIT_CHARS.has(flipped)) yield ctx.withLabel(splice(chars, i, 1, flipped));
    }
  }
};

/** A hyphen between every two characters. */
export const hyphenation: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 1; i < chars.length; i++) yield ctx.withLabel(splice(chars, i, 0, "-"));
};

/** A keyboard neighbour inserted before or after each character. */
export const insertion: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 0; i < chars.length; i++) {
    for (const n of keyboardNeighbours(chars[i]!)) {
      yield ctx.withLabel(splice(chars, i, 0, n));
      yield ctx.withLabel(splice(chars, i + 1, 0, n));
    }
  }
};

/** Each character dropped once. */
export const omission: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 0; i < chars.length; i++) yield ctx.withLabel(splice(chars, i, 1));
};

/** `s` (or `es` after s, x, z) inserted after inner positions 2 .. length-3 (dnstwist's plural). */
export const plural: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 2; i < chars.length - 2; i++) {
    const c = chars[i]!;
    yield ctx.withLabel(splice(chars, i + 1, 0, c === "s" || c === "x" || c === "z" ? "es" : "s"));
  }
};

/** Each character doubled. */
export const repetition: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 0; i < chars.length; i++) yield ctx.withLabel(splice(chars, i, 0, chars[i]!));
};

/** Each character replaced by each of its keyboard neighbours (all layouts). */
export const replacement: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 0; i < chars.length; i++) {
    for (const n of keyboardNeighbours(chars[i]!)) yield ctx.withLabel(splice(chars, i, 1, n));
  }
};

/** Adjacent characters swapped. */
export const transposition: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] === chars[i + 1]) continue;
    yield ctx.withLabel(splice(chars, i, 2, chars[i + 1]! + chars[i]!));
  }
};

/** Each vowel replaced by each other vowel. */
export const vowelSwap: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 0; i < chars.length; i++) {
    if (!VOWELS.includes(chars[i]!)) continue;
    for (const v of VOWELS) if (v !== chars[i]) yield ctx.withLabel(splice(chars, i, 1, v));
  }
};

/** One character moved to any other position (superset of transposition). */
export const changeOrder: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let from = 0; from < chars.length; from++) {
    const rest = [...chars.slice(0, from), ...chars.slice(from + 1)];
    for (let to = 0; to <= rest.length; to++) {
      if (to === from) continue;
      yield ctx.withLabel(splice(rest, to, 0, chars[from]!));
    }
  }
};

/** A doubled character replaced by another doubled letter or digit (google -> gaagle). */
export const doubleReplacement: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] !== chars[i + 1]) continue;
    for (const c of ALNUM) if (c !== chars[i]) yield ctx.withLabel(splice(chars, i, 2, c + c));
  }
};

/** Every vowel combination over the first VOWEL_SHUFFLE_MAX_POSITIONS vowel positions. */
export const vowelShuffle: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  const positions = chars
    .flatMap((c, i) => (VOWELS.includes(c) ? [i] : []))
    .slice(0, VOWEL_SHUFFLE_MAX_POSITIONS);
  const total = VOWELS.length ** positions.length;
  for (let n = 0; n < total; n++) {
    const out = chars.slice();
    let rest = n;
    for (const pos of positions) {
      out[pos] = VOWELS[rest % VOWELS.length]!;
      rest = Math.floor(rest / VOWELS.length);
    }
    yield ctx.withLabel(out.join(""));
  }
};

/** Any letter inserted between two adjacent vowels (twistrs). */
export const doubleVowelInsertion: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 0; i + 1 < chars.length; i++) {
    if (!VOWELS.includes(chars[i]!) || !VOWELS.includes(chars[i + 1]!)) continue;
    for (const c of LOWER) yield ctx.withLabel(splice(chars, i + 1, 0, c));
  }
};

/** `chars` with `remove` items at `at` replaced by `insert`, joined. */
export function splice(chars: readonly string[], at: number, remove: number, insert = ""): string {
  let out = "";
  for (let i = 0; i < at; i++) out += chars[i];
  out += insert;
  for (let i = at + remove; i < chars.length; i++) out += chars[i];
  return out;
}
