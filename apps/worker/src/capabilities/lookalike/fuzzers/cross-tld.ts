/**
 * Typos and combosquats under other suffixes: the shape most registered lookalikes take
 * (acm-ebank.live, acmbank.info, secure-acmebank.xyz). The single-label fuzzers only change the label
 * under the input's suffix, and tld-swap / wrong-tld only move the unchanged label, so these two
 * families cross the two: the edits come from the same fuzzers, the suffixes from data/cross-tlds.ts.
 */
import { CROSS_TLDS, SHORT_CROSS_TLDS } from "../data/cross-tlds.ts";
import { idnPolicy, type IdnPolicy } from "../data/idn-registries.ts";
import type { FuzzContext, FuzzerFn } from "../types.ts";
import { glyphTable, homoglyphStep } from "./glyph.ts";
import { subdomain } from "./structure.ts";
import {
  addition,
  bitsquatting,
  hyphenation,
  insertion,
  omission,
  plural,
  repetition,
  replacement,
  transposition,
  vowelSwap,
} from "./typo.ts";
import { combosquatting } from "./words.ts";

/**
 * The likeliest single edits (typo studies find omission, repetition, transposition and neighbour
 * substitution the most registered, phishing adds homoglyphs, digits and hyphens): crossed with every
 * suffix of CROSS_TLDS. Homoglyphs are added per suffix, one substitution deep, from that suffix's
 * registry IDN table. Plural and subdomain (a dot inside the label) are cheap extras.
 */
const FULL_FAMILIES: readonly FuzzerFn[] = [
  addition,
  omission,
  replacement,
  transposition,
  repetition,
  hyphenation,
  vowelSwap,
  plural,
  subdomain,
];

/**
 * Keyboard insertion (five layouts, two sides of every key: about half of all typo labels) and
 * bitsquatting (a hardware error, rarely registered): crossed with SHORT_CROSS_TLDS only.
 */
const SHORT_FAMILIES: readonly FuzzerFn[] = [insertion, bitsquatting];

/** A context whose fuzzers yield bare labels instead of full names. */
function labelsOnly(ctx: FuzzContext): FuzzContext {
  return { ...ctx, withLabel: (label) => label };
}

function otherSuffixes(ctx: FuzzContext, list: readonly string[]): string[] {
  return list.filter((s) => s !== ctx.suffix && s !== ctx.suffixAscii);
}

/** Distinct labels from `families`, without the input's own label. */
function editedLabels(ctx: FuzzContext, families: readonly FuzzerFn[]): string[] {
  const bare = labelsOnly(ctx);
  const out = new Set<string>();
  for (const family of families) for (const label of family(bare)) out.add(label);
  out.delete(ctx.label);
  return [...out];
}

/**
 * typo-tld: single-edit typos of the label under other suffixes, never the input's own (the plain
 * typo families cover that): FULL_FAMILIES and one-deep homoglyphs under every suffix of CROSS_TLDS,
 * insertion and bitsquatting under SHORT_CROSS_TLDS.
 */
export const typoTld: FuzzerFn = function* (ctx) {
  const full = editedLabels(ctx, FULL_FAMILIES);
  const seen = new Set(full);
  const short = editedLabels(ctx, SHORT_FAMILIES).filter((l) => !seen.has(l));
  const shortSuffixes = new Set(SHORT_CROSS_TLDS);
  const glyphsByPolicy = new Map<IdnPolicy | undefined, string[]>();
  for (const suffix of otherSuffixes(ctx, [...new Set([...CROSS_TLDS, ...SHORT_CROSS_TLDS])])) {
    for (const label of full) yield ctx.withLabelSuffix(label, suffix);
    if (shortSuffixes.has(suffix)) for (const label of short) yield ctx.withLabelSuffix(label, suffix);
    const policy = idnPolicy(suffix);
    let glyphs = glyphsByPolicy.get(policy);
    if (!glyphs) {
      const found = new Set<string>();
      homoglyphStep(ctx.label, glyphTable(suffix, ctx.includeInvalid), found);
      glyphs = [...found].filter((l) => l !== ctx.label && !seen.has(l));
      glyphsByPolicy.set(policy, glyphs);
    }
    for (const label of glyphs) yield ctx.withLabelSuffix(label, suffix);
  }
};

/**
 * combo-tld: the combosquatting labels (brand keywords and phishing words before or after the label,
 * with and without hyphen) under every suffix of SHORT_CROSS_TLDS but the input's own.
 */
export const comboTld: FuzzerFn = function* (ctx) {
  const combos = editedLabels(ctx, [combosquatting]);
  for (const suffix of otherSuffixes(ctx, SHORT_CROSS_TLDS)) {
    for (const label of combos) yield ctx.withLabelSuffix(label, suffix);
  }
};
