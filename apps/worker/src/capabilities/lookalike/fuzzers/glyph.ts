/** Look-alike characters: dnstwist's homoglyph and cyrillic fuzzers, and leet / multi-character mappings. */
import { GLYPHS_ASCII, GLYPHS_UNICODE, LATIN_TO_CYRILLIC } from "../data/glyphs.ts";
import { LEET_PAIRS } from "../data/leet.ts";
import { idnPolicy } from "../data/idn-registries.ts";
import type { FuzzContext, FuzzerFn } from "../types.ts";

type GlyphTable = ReadonlyMap<string, readonly string[]>;

const tableCache = new Map<string, GlyphTable>();

/**
 * ASCII look-alikes plus the IDN characters the suffix's registry accepts (dnstwist's per-TLD
 * tables; the default table when the registry has none). With `includeInvalid` the default table
 * is added too, so coverage comparisons see the unregistrable candidates, flagged invalid.
 */
export function glyphTable(suffix: string, includeInvalid: boolean): GlyphTable {
  const key = `${suffix}|${includeInvalid}`;
  const cached = tableCache.get(key);
  if (cached) return cached;
  const table = new Map<string, string[]>();
  const add = (k: string, glyphs: Iterable<string>) => {
    const list = table.get(k) ?? [];
    for (const g of glyphs) if (!list.includes(g)) list.push(g);
    table.set(k, list);
  };
  for (const [k, v] of Object.entries(GLYPHS_ASCII)) add(k, v);
  const policy = idnPolicy(suffix);
  if (policy) for (const [k, v] of Object.entries(policy.latin)) add(k, v);
  if (!policy || includeInvalid) for (const [k, v] of Object.entries(GLYPHS_UNICODE)) add(k, v);
  tableCache.set(key, table);
  return table;
}

/**
 * One homoglyph step: for each character with look-alikes, replace a run of consecutive
 * occurrences (one, several or all) by the same glyph; bigram keys (`rn`, `cl`, `ae`) are replaced
 * one occurrence at a time. Covers both dnstwist's window walk (20221213) and its
 * single/2-window walk (20250130).
 */
export function homoglyphStep(s: string, table: GlyphTable, out: Set<string>): void {
  const seen = new Set<string>();
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (!seen.has(c)) {
      seen.add(c);
      const glyphs = table.get(c);
      if (glyphs) {
        const positions: number[] = [];
        for (let j = i; j < s.length; j++) if (s[j] === c) positions.push(j);
        for (const g of glyphs) {
          for (let a = 0; a < positions.length; a++) {
            for (let b = a; b < positions.length; b++) out.add(replaceRun(s, positions, a, b, g));
          }
        }
      }
    }
    if (i + 1 < s.length) {
      const glyphs = table.get(s.slice(i, i + 2));
      if (glyphs) for (const g of glyphs) out.add(s.slice(0, i) + g + s.slice(i + 2));
    }
  }
}

function replaceRun(s: string, positions: readonly number[], a: number, b: number, g: string): string {
  let out = s.slice(0, positions[a]);
  for (let k = a; k <= b; k++) {
    out += g;
    const next = k < b ? positions[k + 1]! : s.length;
    out += s.slice(positions[k]! + 1, next);
  }
  return out;
}

/** Homoglyph substitution, two steps deep (dnstwist's depth 2), results of both depths. */
export const homoglyph: FuzzerFn = (ctx) => {
  const table = glyphTable(ctx.suffixAscii, ctx.includeInvalid);
  const first = new Set<string>();
  homoglyphStep(ctx.label, table, first);
  const all = new Set(first);
  for (const s of first) homoglyphStep(s, table, all);
  all.delete(ctx.label);
  return mapLabels(ctx, all);
};

/** The whole label in Cyrillic look-alikes, only when every letter has one (digits and hyphens stay). */
export const cyrillic: FuzzerFn = (ctx) => {
  let out = "";
  for (const c of ctx.label) {
    const cy = LATIN_TO_CYRILLIC[c];
    if (cy) out += cy;
    else if ((c >= "0" && c <= "9") || c === "-") out += c;
    else return [];
  }
  return out === ctx.label ? [] : [ctx.withLabel(out)];
};

/** Leet and multi-character mappings, both ways: one occurrence, or every occurrence at once. */
export const mapped: FuzzerFn = function* (ctx) {
  const { label } = ctx;
  for (const [from, to] of LEET_PAIRS) {
    let at = label.indexOf(from);
    if (at < 0) continue;
    let count = 0;
    while (at >= 0) {
      count++;
      yield ctx.withLabel(label.slice(0, at) + to + label.slice(at + from.length));
      at = label.indexOf(from, at + 1);
    }
    if (count > 1) yield ctx.withLabel(label.split(from).join(to));
  }
};

function* mapLabels(ctx: FuzzContext, labels: Iterable<string>): Iterable<string> {
  for (const l of labels) yield ctx.withLabel(l);
}
