/**
 * Turns the merged candidate map into Permutation records: ASCII and Unicode forms, registrable
 * domain, and validity (IDNA 2008, DNS lengths, known public suffix, registry IDN policy).
 */
import punycode from "punycode/punycode.js";
import { parse } from "tldts";
import { FUZZER_NAMES } from "@brandwarden/contract/constants";
import type { FuzzerName } from "./fuzzer-names.ts";
import { bidiNameError, checkLabel, registryError, type LabelCheck } from "./idna.ts";
import { labelCount } from "./psl.ts";
import { scriptsOf } from "./scripts.ts";
import type { Permutation } from "./types.ts";

const PARSE_OPTS = { allowPrivateDomains: true, validateHostname: false, extractHostname: false } as const;
const ORDER = new Map(FUZZER_NAMES.map((n, i) => [n, i]));

/** A merged candidate: every fuzzer that produced it (in order), and its record once validated. */
export interface Candidate {
  fuzzers: FuzzerName[];
  permutation?: Permutation;
}

/** Validates one candidate (its `fuzzers` list is the caller's, kept live in the record). */
export type Validator = (name: string, fuzzers: FuzzerName[]) => Permutation;

/** A validator for candidates of one input, remembering the checks of labels it has seen. */
export function createValidator(originalSuffix: string): Validator {
  const seen: SeenLabels = { checks: new Map(), scripts: new Map() };
  return (name, fuzzers) => validateOne(name, fuzzers, originalSuffix, seen);
}

/** What the validator of one input remembers of the Unicode labels it has checked. */
interface SeenLabels {
  checks: Map<string, LabelCheck>;
  /** scriptsOf(label) of registrable labels, asked once per label rather than once per suffix. */
  scripts: Map<string, ReadonlySet<string>>;
}

/** The candidate's record, validated on first use. */
export function permutationOf(name: string, candidate: Candidate, validate: Validator): Permutation {
  return (candidate.permutation ??= validate(name, candidate.fuzzers));
}

/**
 * True when no other candidate's record can have the same ASCII name: this name is its own ASCII
 * form and holds no "xn--", while any other name's ASCII form is that name or holds an "xn--" label.
 */
export function hasOwnAscii(name: string, p: Permutation): boolean {
  return p.domain === name && !name.includes("xn--");
}

/** The records of all candidates (valid ones only unless `includeInvalid`), one per ASCII name. */
export function validateCandidates(
  candidates: ReadonlyMap<string, Candidate>,
  includeInvalid: boolean,
  validate: Validator,
): Permutation[] {
  const out: Permutation[] = [];
  /** Records whose ASCII name another candidate could share. */
  const byAscii = new Map<string, Permutation>();
  for (const [name, candidate] of candidates) {
    const p = permutationOf(name, candidate, validate);
    if (!p.valid && !includeInvalid) continue;
    if (hasOwnAscii(name, p)) {
      out.push(p);
      continue;
    }
    const existing = byAscii.get(p.domain);
    if (existing) {
      for (const f of p.fuzzers) if (!existing.fuzzers.includes(f)) existing.fuzzers.push(f);
      existing.fuzzers.sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
      existing.fuzzer = existing.fuzzers[0]!;
      continue;
    }
    byAscii.set(p.domain, p);
    out.push(p);
  }
  return out;
}

function validateOne(
  name: string,
  fuzzers: FuzzerName[],
  originalSuffix: string,
  seen: SeenLabels,
): Permutation {
  // One pass over the name: plain ASCII labels (most of them) are checked in place, the others
  // with checkLabel once per distinct label; the ASCII form is built only once a label changes.
  let domain = name;
  let changed = false;
  let plain = true;
  let rtl = false;
  let reason: string | undefined;
  let start = 0;
  let ldh = true;
  for (let i = 0; i <= name.length; i++) {
    const c = i < name.length ? name.charCodeAt(i) : DOT;
    if (c !== DOT) {
      ldh &&= (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === HYPHEN;
      continue;
    }
    let error: string | undefined;
    let ascii: string | undefined;
    if (ldh && !name.startsWith("xn--", start)) error = plainLabelError(name, start, i) || undefined;
    else {
      plain = false;
      const label = name.slice(start, i);
      let check = seen.checks.get(label);
      if (!check) seen.checks.set(label, (check = checkLabel(label)));
      error = check.error;
      rtl ||= check.rtl === true;
      if (check.ascii !== label) ascii = check.ascii;
    }
    if (changed) domain += `.${ascii ?? name.slice(start, i)}`;
    else if (ascii !== undefined) {
      changed = true;
      domain = name.slice(0, start) + ascii;
    }
    reason ??= error;
    start = i + 1;
    ldh = true;
  }
  // The bidi rule is one of the whole name once a label is right-to-left (UTS #46 CheckBidi).
  if (!reason && rtl) reason = bidiNameError(name);
  const unicode = plain || !name.includes("xn--") ? name : name.split(".").map(decodeLabel).join(".");
  const fuzzer = fuzzers[0]!;
  if (reason) {
    return {
      domain,
      domain_unicode: unicode,
      fuzzer,
      fuzzers,
      registrable_domain: null,
      valid: false,
      invalid_reason: reason,
    };
  }
  if (domain.length > 253) reason = `name longer than 253 octets (${domain.length})`;
  const parsed = parse(domain, PARSE_OPTS);
  const suffix = parsed.publicSuffix ?? "";
  const registrable = parsed.domain;
  if (!reason && isDigits(name, name.lastIndexOf(".") + 1)) reason = "numeric top-level domain";
  if (!reason && !parsed.isIcann && !parsed.isPrivate && suffix !== originalSuffix) {
    reason = `unknown public suffix ".${suffix}"`;
  }
  if (!reason && !registrable) reason = `"${domain}" is a public suffix, nothing to register`;
  // A plain ASCII label is in every registry's table: only Unicode names have registry rules to break.
  if (!reason && registrable && !plain) {
    const registrableLabel = labelBack(name, labelCount(suffix));
    let scripts = seen.scripts.get(registrableLabel);
    if (!scripts) seen.scripts.set(registrableLabel, (scripts = scriptsOf(registrableLabel)));
    reason = registryError(registrableLabel, suffix, scripts);
  }
  const p: Permutation = {
    domain,
    domain_unicode: unicode,
    fuzzer,
    fuzzers,
    registrable_domain: registrable,
    valid: !reason,
  };
  if (reason) p.invalid_reason = reason;
  return p;
}

const DOT = 0x2e;
const HYPHEN = 0x2d;

/** checkLabel's error for the plain ASCII label name[start, end) (no "xn--" prefix), or "". */
function plainLabelError(name: string, start: number, end: number): string {
  const length = end - start;
  if (length === 0) return "empty label";
  if (name.charCodeAt(start) === HYPHEN) return "label starts with a hyphen";
  if (name.charCodeAt(end - 1) === HYPHEN) return "label ends with a hyphen";
  if (length > 3 && name.charCodeAt(start + 2) === HYPHEN && name.charCodeAt(start + 3) === HYPHEN) {
    return "label has a double hyphen at positions 3-4";
  }
  return length > 63 ? `label longer than 63 octets (${length})` : "";
}

/** The label `back` labels before the name's last one (`labels[labels.length - 1 - back]`), or "". */
function labelBack(name: string, back: number): string {
  let end = name.length;
  for (let k = 0; k < back; k++) {
    const dot = name.lastIndexOf(".", end - 1);
    if (dot < 0) return "";
    end = dot;
  }
  return name.slice(name.lastIndexOf(".", end - 1) + 1, end);
}

/** True when text[from..] is one or more ASCII digits. */
function isDigits(text: string, from: number): boolean {
  if (from >= text.length) return false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

function decodeLabel(label: string): string {
  if (!label.startsWith("xn--")) return label;
  try {
    return punycode.toUnicode(label);
  } catch {
    return label;
  }
}
