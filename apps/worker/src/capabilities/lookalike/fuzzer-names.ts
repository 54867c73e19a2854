import { FUZZER_NAMES, type TFuzzerName } from "@brandwarden/contract/constants";

/** A fuzzer's name: the contract's list (in output priority order; the first 16 are dnstwist's). */
export type FuzzerName = TFuzzerName;

/** One line per fuzzer (for `--help`), keyed by the contract's names: every fuzzer has one. */
export const FUZZER_DESCRIPTIONS: Readonly<Record<FuzzerName, string>> = {
  addition: "append a letter or digit to the label, and to each hyphen-separated part (dnstwist)",
  bitsquatting: "flip one bit of one character, keeping [a-z0-9-] (dnstwist)",
  cyrillic: "whole label written with Cyrillic look-alikes, only when every letter has one (dnstwist)",
  homoglyph:
    "look-alike characters, ASCII (rn/m, 0/o) and the registry's IDN table, two substitutions deep (dnstwist)",
  hyphenation: "insert a hyphen between two characters (dnstwist)",
  insertion: "insert a keyboard neighbour before or after a character (dnstwist; 5 layouts)",
  omission: "drop one character (dnstwist)",
  plural: "pluralise an inner word boundary: s, or es after s/x/z (dnstwist)",
  repetition: "double one character (dnstwist)",
  replacement:
    "replace a character by a keyboard neighbour: qwerty, qwertz, azerty, dvorak, colemak (dnstwist+)",
  subdomain: "insert a dot inside the label, e.g. exa.mple.com (dnstwist)",
  transposition: "swap two adjacent characters (dnstwist)",
  "vowel-swap": "replace a vowel by another vowel (dnstwist)",
  various: "dnstwist's structural extras: brandcom.com, brand.uk, brandco.uk, brand-de.com, wwwbrand.com",
  dictionary: "brand-word, brandword, word-brand, wordbrand from the caller's dictionary (dnstwist)",
  "tld-swap": "the label under every suffix of the caller's TLD list (dnstwist)",
  "change-order": "move one character to another position",
  "double-replacement": "replace a doubled character by another doubled character (oo -> pp)",
  mapped: "leet and multi-character look-alikes both ways: a/4, e/3, f/ph, m/rn, w/vv, ck/kk, oo/00",
  "hyphen-omission": "drop one hyphen, or all of them",
  "dot-omission": "drop a dot between labels (wwwbrand.com, brandco.uk, brandcom.com)",
  "dot-hyphen": "turn a dot into a hyphen or a hyphen into a dot (www-brand.com, brand-co.uk, my.bank.com)",
  "vowel-shuffle": "every combination of vowels over the first four vowel positions",
  "double-vowel-insertion": "insert a letter between two adjacent vowels",
  misspelling: "common English misspellings of words inside the label (cspell list)",
  homophone: "words inside the label replaced by words that sound the same",
  "numeral-swap": "numbers as digits, words and ordinals: 1 / one / first",
  combosquatting: "brand keywords and phishing words before or after the label, with and without hyphen",
  "keyword-tld":
    "label plus a region or shop keyword under TLD-like suffixes: brand-us.com, brandshop.us.com",
  "token-swap": "swap the hyphen-separated words of the label: shop-online -> online-shop",
  "wrong-tld":
    "the label under every top-level domain and common second-level suffix of the public suffix list",
  "typo-tld":
    "single-edit typos and one-deep homoglyphs of the label under other common and most-abused TLDs: acm-ebank.live",
  "combo-tld":
    "combosquats (keywords and phishing words around the label) under a short list of abused TLDs: login-brand.xyz",
  "wrong-sld": "another second-level suffix of the same country: brand.co.uk -> brand.org.uk",
  "added-tld": "a country suffix appended after the real one: brand.com -> brand.com.br",
  "faux-tld": "a suffix written into the label: brand-com.net, brandcouk.com",
  "free-host": "free subdomain and dynamic-DNS hosts from the public suffix list's private section",
  "subdomain-glue":
    "phishing words glued with dots and hyphens: login-brand.com, login.brand-secure.com, brand.com-secure.net",
  confusables: "Unicode TR39 confusables beyond dnstwist's table, single-script only",
};

/** dnstwist's fuzzers, for comparisons and `--fuzzers` compatibility. */
export const DNSTWIST_FUZZERS: readonly FuzzerName[] = FUZZER_NAMES.slice(0, 16);
