/**
 * Domain names under IDNA. Whole names go through UTS #46 (tr46: nontransitional, STD3 rules,
 * hyphen, joiner and bidi checks, DNS lengths), which maps what users type (case, full-width forms,
 * the ideographic full stops) and applies the bidi rule to every label of a name holding a
 * right-to-left label. Candidate labels must also be IDNA 2008 U-labels: every code point PVALID
 * (or CONTEXTO in its context) under RFC 5892, from Unicode's derived table (data/idna2008.ts).
 */
import punycode from "punycode/punycode.js";
import { toASCII, toUnicode } from "tr46";
import { idnPolicy } from "./data/idn-registries.ts";
import { CONTEXTO_RANGES, PVALID_RANGES } from "./data/idna2008.ts";
import { isSingleScript, scriptFamily, scriptOf, scriptsOf } from "./scripts.ts";

/** UTS #46 with every check on: what a registry and a resolver require of a name. */
const UTS46 = {
  checkBidi: true,
  checkHyphens: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  verifyDNSLength: true,
  transitionalProcessing: false,
} as const;

const MARK = /^\p{M}$/u;
/**
 * Blocks holding every character of Bidi_Class R, AL or AN (Hebrew to Arabic Extended, the
 * presentation forms, the RTL SMP blocks): a cheap gate; tr46 decides which really are.
 */
const MAYBE_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const ASCII_LABEL = /^[a-z0-9-]+$/;

/** True for the UTF-16 code unit of a lower-case ASCII letter, digit or hyphen. */
function isLdhCode(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d;
}

function inRanges(ranges: readonly number[], cp: number): boolean {
  let lo = 0;
  let hi = ranges.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (cp < ranges[2 * mid]!) hi = mid - 1;
    else if (cp > ranges[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/** True when the code point is PVALID under IDNA 2008 (RFC 5892): it may appear in any U-label. */
export function isIdnaCodePoint(ch: string): boolean {
  return inRanges(PVALID_RANGES, ch.codePointAt(0) ?? -1);
}

export interface LabelCheck {
  ascii: string;
  error?: string;
  /** The label may hold right-to-left characters: the name's other labels must then follow the bidi rule. */
  rtl?: boolean;
}

/** Converts one lower-case Unicode label to its A-label and checks it; `error` says why it is invalid. */
export function checkLabel(label: string): LabelCheck {
  if (label.length === 0) return { ascii: "", error: "empty label" };
  if (ASCII_LABEL.test(label)) return { ascii: label, error: hyphenError(label) ?? lengthError(label) };
  const chars = [...label];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (isLdhCode(ch.charCodeAt(0)) || isIdnaCodePoint(ch)) continue;
    if (!contextAllows(chars, i)) {
      return { ascii: label, error: `character ${describe(ch)} is not valid under IDNA 2008` };
    }
  }
  if (label.normalize("NFC") !== label) return { ascii: label, error: "label is not in NFC form" };
  if (MARK.test(chars[0]!)) return { ascii: label, error: "label starts with a combining mark" };
  const hyphen = hyphenError(label);
  if (hyphen) return { ascii: label, error: hyphen };
  const ascii = `xn--${punycode.encode(label)}`;
  // A label with right-to-left characters is a bidi name on its own: tr46 applies the rule to it.
  if (MAYBE_RTL.test(label)) {
    if (toASCII(label, { ...UTS46, verifyDNSLength: false }) === null) {
      return { ascii, error: "label breaks the IDNA bidi rule (RFC 5893)", rtl: true };
    }
    return { ascii, error: lengthError(ascii), rtl: true };
  }
  return { ascii, error: lengthError(ascii) };
}

/** RFC 5892 Appendix A: whether the CONTEXTO code point chars[i] is allowed where it stands. */
function contextAllows(chars: readonly string[], i: number): boolean {
  const cp = chars[i]!.codePointAt(0)!;
  if (!inRanges(CONTEXTO_RANGES, cp)) return false;
  const before = chars[i - 1];
  const after = chars[i + 1];
  if (cp === 0xb7) return before === "l" && after === "l"; // A.3 middle dot, Catalan l·l
  if (cp === 0x375) return after !== undefined && scriptOf(after) === "Greek"; // A.4 keraia
  if (cp === 0x5f3 || cp === 0x5f4) return before !== undefined && scriptOf(before) === "Hebrew"; // A.5, A.6
  if (cp === 0x30fb) return chars.some((c) => /[\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Han}]/u.test(c)); // A.7
  const arabicIndic = (c: string) => c >= "\u0660" && c <= "\u0669";
  const extended = (c: string) => c >= "\u06f0" && c <= "\u06f9";
  if (arabicIndic(chars[i]!)) return !chars.some(extended); // A.8
  return !chars.some(arabicIndic); // A.9
}

function hyphenError(label: string): string | undefined {
  if (label.startsWith("-")) return "label starts with a hyphen";
  if (label.endsWith("-")) return "label ends with a hyphen";
  if (label[2] === "-" && label[3] === "-" && !label.startsWith("xn--")) {
    return "label has a double hyphen at positions 3-4";
  }
  if (label.startsWith("xn--")) {
    try {
      const decoded = punycode.toUnicode(label);
      if (decoded === label) return "invalid punycode label";
    } catch {
      return "invalid punycode label";
    }
  }
  return undefined;
}

function lengthError(ascii: string): string | undefined {
  return ascii.length > 63 ? `label longer than 63 octets (${ascii.length})` : undefined;
}

function describe(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  return `"${ch}" (U+${cp.toString(16).toUpperCase().padStart(4, "0")})`;
}

/**
 * The bidi rule over a whole name (UTS #46 CheckBidi): once a label is right-to-left, every label
 * must satisfy RFC 5893 (an ASCII label then has to start with a letter). Returns the reason, or
 * undefined. `name` is made of labels checkLabel accepted.
 */
export function bidiNameError(name: string): string | undefined {
  if (toASCII(name, { ...UTS46, verifyDNSLength: false }) !== null) return undefined;
  return "breaks the IDNA bidi rule (RFC 5893): with a right-to-left label, every label must follow it";
}

export type NameConversion = { ok: true; ascii: string; unicode: string } | { ok: false; error: string };

/**
 * UTS #46 processing of a whole name as typed (any case, full-width forms, U+3002/U+FF0E/U+FF61 as
 * dots, A-labels or U-labels): its ASCII and Unicode forms, or why it is not a valid name.
 */
export function domainToAscii(name: string): NameConversion {
  const ascii = toASCII(name, UTS46);
  if (ascii !== null) return { ok: true, ascii, unicode: toUnicode(ascii, UTS46).domain };
  return { ok: false, error: nameError(name) };
}

/** Why UTS #46 refuses a name, for a person to read. */
function nameError(name: string): string {
  const mapped = toUnicode(name).domain;
  if (mapped.startsWith(".")) return "starts with a dot (an empty first label)";
  if (mapped === "") return "is empty";
  const labels = mapped.split(".");
  if (labels.slice(0, -1).some((l) => l === "")) return "has an empty label (two dots in a row)";
  if (toASCII(name, { ...UTS46, verifyDNSLength: false, checkBidi: false }) !== null) {
    if (toASCII(name, { ...UTS46, checkBidi: false }) === null) {
      return "is too long (a label over 63 octets or a name over 253)";
    }
    return "breaks the IDNA bidi rule (RFC 5893) for names with right-to-left labels";
  }
  for (const label of labels) {
    const error = label === "" ? undefined : checkLabel(label).error;
    if (error) return `has an invalid label "${label}": ${error}`;
  }
  return "is not a valid IDNA name (UTS #46)";
}

/**
 * Registry rule for the registrable label under a public suffix: characters outside the registry's
 * IDN table, or a mix of scripts, cannot be registered. Returns the reason, or undefined when fine.
 * `labelScripts` is scriptsOf(label), for a caller that asks about one label under many suffixes.
 */
export function registryError(
  label: string,
  suffix: string,
  labelScripts?: ReadonlySet<string>,
): string | undefined {
  if (ASCII_LABEL.test(label)) return undefined;
  const scripts = labelScripts ?? scriptsOf(label);
  if (!isSingleScript(scripts)) return `mixes scripts (${[...scripts].join(" + ")})`;
  const policy = idnPolicy(suffix);
  if (!policy) return undefined;
  const allowedLatin = latinRepertoire(suffix, policy.latin);
  for (const ch of label) {
    if (ch.charCodeAt(0) < 0x80) continue;
    const script = scriptOf(ch);
    if (script === "Common") continue;
    if (script === "Latin") {
      if (!allowedLatin.has(ch)) return `"${ch}" is not in the .${suffix} registry's IDN table`;
    } else if (!policy.scripts.includes(scriptFamily(script))) {
      return `${script} script is not accepted by the .${suffix} registry`;
    } else if (scripts.has("Latin") && scriptFamily(script) !== "Japanese" && script !== "Han") {
      return `mixes scripts (${[...scripts].join(" + ")})`;
    }
  }
  return undefined;
}

const repertoireCache = new Map<string, Set<string>>();
function latinRepertoire(suffix: string, latin: Readonly<Record<string, string>>): Set<string> {
  let set = repertoireCache.get(suffix);
  if (!set) {
    set = new Set(Object.values(latin).flatMap((s) => [...s]));
    repertoireCache.set(suffix, set);
  }
  return set;
}
