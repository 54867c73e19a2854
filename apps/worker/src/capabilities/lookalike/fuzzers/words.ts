/** Word-level fuzzers: dnstwist's dictionary, combosquatting, misspellings, homophones, numerals, glue. */
import {
  GLUE_TARGETS,
  HOMOPHONES,
  KEYWORD_TLD_SUFFIXES,
  KEYWORD_TLD_WORDS,
  NUMBER_SOUNDS,
  NUMBER_WORDS,
  PHISHING_WORDS,
  PHONETIC_RULES,
  TOP_PHISHING_WORDS,
} from "../data/words.ts";
import { misspellingsOf } from "../misspellings.ts";
import type { FuzzContext, FuzzerFn } from "../types.ts";

/** dnstwist's dictionary: brand-word, brandword, word-brand, wordbrand; hyphen parts replaced by words. */
export const dictionary: FuzzerFn = function* (ctx) {
  const { label } = ctx;
  for (const word of ctx.dictionary) {
    if (label.startsWith(word) && label.endsWith(word)) continue;
    yield* affixes(ctx, word);
  }
  if (!label.includes("-")) return;
  const parts = label.split("-");
  for (const word of ctx.dictionary) {
    yield ctx.withLabel(`${parts.slice(0, -1).join("-")}-${word}`);
    yield ctx.withLabel(`${word}-${parts.slice(1).join("-")}`);
  }
};

/** Brand keywords and the built-in phishing words before or after the label, with and without hyphen. */
export const combosquatting: FuzzerFn = function* (ctx) {
  for (const word of unique([...ctx.keywords, ...PHISHING_WORDS])) {
    if (word !== ctx.label) yield* affixes(ctx, word);
  }
};

/** brand-us.com, brandshop.us.com: region/shop keywords under the input's and TLD-like suffixes. */
export const keywordTld: FuzzerFn = function* (ctx) {
  for (const suffix of unique([ctx.suffix, ...KEYWORD_TLD_SUFFIXES])) {
    for (const word of KEYWORD_TLD_WORDS) {
      yield ctx.withLabelSuffix(`${ctx.label}-${word}`, suffix);
      yield ctx.withLabelSuffix(ctx.label + word, suffix);
    }
  }
};

/** Words inside the label replaced by their common misspellings. */
export const misspelling: FuzzerFn = function* (ctx) {
  const { label } = ctx;
  const words: string[] = [];
  for (let start = 0; start < label.length; start++) {
    for (let end = start + 3; end <= label.length; end++) words.push(label.slice(start, end));
  }
  const index = misspellingsOf(words);
  yield* replaceWords(ctx, (word) => index.get(word), 3);
};

/** Words inside the label replaced by homophones, and sound-preserving spelling changes. */
export const homophone: FuzzerFn = function* (ctx) {
  yield* replaceWords(ctx, (word) => HOMOPHONE_INDEX.get(word), 2);
  const { label } = ctx;
  for (const [from, to] of PHONETIC_RULES) {
    for (let at = label.indexOf(from); at >= 0; at = label.indexOf(from, at + 1)) {
      yield ctx.withLabel(label.slice(0, at) + to + label.slice(at + from.length));
    }
  }
};

/** Numbers written as digits, words or ordinals swapped for each other (1 / one / first). */
export const numeralSwap: FuzzerFn = function* (ctx) {
  yield* replaceWords(ctx, (word) => NUMERAL_INDEX.get(word), 1);
};

/**
 * Phishing words glued around the name with dots and hyphens: login-brand.com, brand-login.com,
 * login.brand-com.net and brand.com-login.net (the brand as a subdomain of an attacker's domain).
 */
export const subdomainGlue: FuzzerFn = function* (ctx) {
  const { label } = ctx;
  const flatSuffix = ctx.suffix.replaceAll(".", "-");
  const targets = unique([ctx.suffix.split(".").pop()!, ...GLUE_TARGETS]);
  for (const word of unique([...ctx.keywords, ...TOP_PHISHING_WORDS])) {
    yield ctx.withLabel(`${word}-${label}`);
    yield ctx.withLabel(`${label}-${word}`);
    for (const t of targets) {
      yield `${label}.${flatSuffix}-${word}.${t}`;
      yield `${word}.${label}-${flatSuffix}.${t}`;
      yield `${label}.${word}-${flatSuffix}.${t}`;
    }
  }
};

function* affixes(ctx: FuzzContext, word: string): Iterable<string> {
  const { label } = ctx;
  yield ctx.withLabel(`${label}-${word}`);
  yield ctx.withLabel(label + word);
  yield ctx.withLabel(`${word}-${label}`);
  yield ctx.withLabel(word + label);
}

/** Every substring of the label (length >= minLength) with replacements, replaced once. */
function* replaceWords(
  ctx: FuzzContext,
  lookup: (word: string) => readonly string[] | undefined,
  minLength: number,
): Iterable<string> {
  const { label } = ctx;
  for (let start = 0; start < label.length; start++) {
    for (let end = start + minLength; end <= label.length; end++) {
      const found = lookup(label.slice(start, end));
      if (!found) continue;
      for (const alt of found) yield ctx.withLabel(label.slice(0, start) + alt + label.slice(end));
    }
  }
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items.map((w) => w.trim().toLowerCase()).filter(Boolean))];
}

const HOMOPHONE_INDEX = new Map<string, string[]>();
for (const set of HOMOPHONES) {
  for (const word of set) {
    const others = set.filter((w) => w !== word);
    HOMOPHONE_INDEX.set(word, unique([...(HOMOPHONE_INDEX.get(word) ?? []), ...others]));
  }
}

const NUMERAL_INDEX = new Map<string, string[]>();
function linkNumerals(forms: readonly string[]): void {
  for (const form of forms) {
    NUMERAL_INDEX.set(form, unique([...(NUMERAL_INDEX.get(form) ?? []), ...forms.filter((f) => f !== form)]));
  }
}
NUMBER_WORDS.forEach(([word, ordinal], n) =>
  linkNumerals([String(n), word, ordinal, `${n}${ordinalSuffix(n)}`]),
);
for (const [sound, digit] of NUMBER_SOUNDS) {
  NUMERAL_INDEX.set(sound, unique([...(NUMERAL_INDEX.get(sound) ?? []), digit]));
}

function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return "th";
  return ["th", "st", "nd", "rd"][n % 10] ?? "th";
}
