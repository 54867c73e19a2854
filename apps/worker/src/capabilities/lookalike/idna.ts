/**
 * Validity of a candidate under IDNA 2008 and DNS length rules, plus registry IDN policies.
 * Per-code-point validity comes from tr46 (UTS #46 nontransitional, STD3) intersected with the
 * IDNA 2008 letter/digit/mark categories (which removes UTS #46's NV8 symbols such as emoji);
 * results are cached per code point so checking a candidate costs a few map lookups.
 */
import punycode from "punycode/punycode.js";
import { toASCII } from "tr46";
import { idnPolicy } from "./data/idn-registries.ts";
import { isSingleScript, scriptFamily, scriptOf, scriptsOf } from "./scripts.ts";

const TR46_STRICT = {
  checkBidi: true,
  checkHyphens: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  verifyDNSLength: false,
  transitionalProcessing: false,
} as const;

const IDNA2008_CATEGORY = /^[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}]$/u;
const MARK = /^\p{M}$/u;
const BIDI_RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const ASCII_LABEL = /^[a-z0-9-]+$/;

/** True for the UTF-16 code unit of a lower-case ASCII letter, digit or hyphen. */
function isLdhCode(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d;
}

const codePointCache = new Map<string, boolean>();

/** True when the code point may appear, as is, in an IDNA 2008 U-label. */
export function isIdnaCodePoint(ch: string): boolean {
  const cached = codePointCache.get(ch);
  if (cached !== undefined) return cached;
  let ok = IDNA2008_CATEGORY.test(ch) && ch.normalize("NFKC").toLowerCase() === ch;
  if (ok) {
    const ascii = toASCII(`a${ch}`, TR46_STRICT);
    ok = ascii !== null && ascii.startsWith("xn--") && punycode.toUnicode(ascii) === `a${ch}`;
  }
  codePointCache.set(ch, ok);
  return ok;
}

export interface LabelCheck {
  ascii: string;
  error?: string;
}

/** Converts one lower-case Unicode label to its A-label and checks it; `error` says why it is invalid. */
export function checkLabel(label: string): LabelCheck {
  if (label.length === 0) return { ascii: "", error: "empty label" };
  if (ASCII_LABEL.test(label)) return { ascii: label, error: hyphenError(label) ?? lengthError(label) };
  for (const ch of label) {
    if (isLdhCode(ch.charCodeAt(0))) continue;
    if (!isIdnaCodePoint(ch)) {
      return { ascii: label, error: `character ${describe(ch)} is not valid under IDNA 2008` };
    }
  }
  if (label.normalize("NFC") !== label) return { ascii: label, error: "label is not in NFC form" };
  const first = String.fromCodePoint(label.codePointAt(0) ?? 0);
  if (MARK.test(first)) return { ascii: label, error: "label starts with a combining mark" };
  const hyphen = hyphenError(label);
  if (hyphen) return { ascii: label, error: hyphen };
  if (BIDI_RTL.test(label) && toASCII(label, TR46_STRICT) === null) {
    return { ascii: label, error: "label breaks the IDNA bidi rule" };
  }
  const ascii = `xn--${punycode.encode(label)}`;
  return { ascii, error: lengthError(ascii) };
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
