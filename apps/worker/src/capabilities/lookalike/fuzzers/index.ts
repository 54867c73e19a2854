/** Fuzzer name -> implementation. */
import type { FuzzerName } from "../fuzzer-names.ts";
import type { FuzzerFn } from "../types.ts";
import { confusables } from "./confusables.ts";
import { comboTld, typoTld } from "./cross-tld.ts";
import { cyrillic, homoglyph, mapped } from "./glyph.ts";
import { dotHyphen, dotOmission, hyphenOmission, subdomain, tokenSwap, various } from "./structure.ts";
import { addedTld, fauxTld, freeHost, tldSwap, wrongSld, wrongTld } from "./suffix.ts";
import {
  addition,
  bitsquatting,
  changeOrder,
  doubleReplacement,
  doubleVowelInsertion,
  hyphenation,
  insertion,
  omission,
  plural,
  repetition,
  replacement,
  transposition,
  vowelShuffle,
  vowelSwap,
} from "./typo.ts";
import {
  combosquatting,
  dictionary,
  homophone,
  keywordTld,
  misspelling,
  numeralSwap,
  subdomainGlue,
} from "./words.ts";

export const FUZZER_FNS: Readonly<Record<FuzzerName, FuzzerFn>> = {
  addition,
  bitsquatting,
  cyrillic,
  homoglyph,
  hyphenation,
  insertion,
  omission,
  plural,
  repetition,
  replacement,
  subdomain,
  transposition,
  "vowel-swap": vowelSwap,
  various,
  dictionary,
  "tld-swap": tldSwap,
  "change-order": changeOrder,
  "double-replacement": doubleReplacement,
  mapped,
  "hyphen-omission": hyphenOmission,
  "dot-omission": dotOmission,
  "dot-hyphen": dotHyphen,
  "vowel-shuffle": vowelShuffle,
  "double-vowel-insertion": doubleVowelInsertion,
  misspelling,
  homophone,
  "numeral-swap": numeralSwap,
  combosquatting,
  "keyword-tld": keywordTld,
  "token-swap": tokenSwap,
  "wrong-tld": wrongTld,
  "typo-tld": typoTld,
  "combo-tld": comboTld,
  "wrong-sld": wrongSld,
  "added-tld": addedTld,
  "faux-tld": fauxTld,
  "free-host": freeHost,
  "subdomain-glue": subdomainGlue,
  confusables,
};
