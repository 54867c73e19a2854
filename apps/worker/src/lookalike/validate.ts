/**
 * Turns the merged candidate map into Permutation records: ASCII and Unicode forms, registrable
 * domain, and validity (IDNA 2008, DNS lengths, known public suffix, registry IDN policy).
 */
import punycode from "punycode/punycode.js";
import { parse } from "tldts";
import { FUZZER_NAMES } from "@brandwarden/contract/constants";
import type { FuzzerName } from "./fuzzer-names.ts";
import { checkLabel, registryError, type LabelCheck } from "./idna.ts";
import type { Permutation } from "./types.ts";

const PARSE_OPTS = { allowPrivateDomains: true, validateHostname: false, extractHostname: false } as const;
const ORDER = new Map(FUZZER_NAMES.map((n, i) => [n, i]));

/** Validation of candidates one at a time, each remembered (its `fuzzers` list is the caller's, kept live). */
export interface ValidationCache {
  validate(name: string, fuzzers: FuzzerName[]): Permutation;
}

export function createValidationCache(originalSuffix: string): ValidationCache {
  const labelCache = new Map<string, LabelCheck>();
  const done = new Map<string, Permutation>();
  return {
    validate(name, fuzzers) {
      let p = done.get(name);
      if (!p) done.set(name, (p = validateOne(name, fuzzers, originalSuffix, labelCache)));
      return p;
    },
  };
}

export function validateCandidates(
  candidates: ReadonlyMap<string, FuzzerName[]>,
  originalSuffix: string,
  includeInvalid: boolean,
  cache: ValidationCache = createValidationCache(originalSuffix),
): Permutation[] {
  const byAscii = new Map<string, Permutation>();
  for (const [name, fuzzers] of candidates) {
    const p = cache.validate(name, fuzzers);
    if (!p.valid && !includeInvalid) continue;
    const existing = byAscii.get(p.domain);
    if (existing) {
      for (const f of p.fuzzers) if (!existing.fuzzers.includes(f)) existing.fuzzers.push(f);
      existing.fuzzers.sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
      existing.fuzzer = existing.fuzzers[0]!;
      continue;
    }
    byAscii.set(p.domain, p);
  }
  return [...byAscii.values()];
}

function validateOne(
  name: string,
  fuzzers: FuzzerName[],
  originalSuffix: string,
  labelCache: Map<string, LabelCheck>,
): Permutation {
  const labels = name.split(".");
  let ascii: string[] | undefined;
  let reason: string | undefined;
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!;
    let check = labelCache.get(label);
    if (!check) {
      check = checkLabel(label);
      labelCache.set(label, check);
    }
    // Most names are ASCII already: copy the labels only once one of them needs encoding.
    if (check.ascii !== label) (ascii ??= labels.slice(0, i))[i] = check.ascii;
    else if (ascii) ascii[i] = label;
    reason ??= check.error;
  }
  const domain = ascii ? ascii.join(".") : name;
  const unicode = name.includes("xn--") ? labels.map(decodeLabel).join(".") : name;
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
  if (!reason && /^[0-9]+$/.test(labels[labels.length - 1]!)) reason = "numeric top-level domain";
  if (!reason && !parsed.isIcann && !parsed.isPrivate && suffix !== originalSuffix) {
    reason = `unknown public suffix ".${suffix}"`;
  }
  if (!reason && !registrable) reason = `"${domain}" is a public suffix, nothing to register`;
  if (!reason && registrable) {
    const suffixLabels = suffix.split(".").length;
    const registrableLabel = labels[labels.length - suffixLabels - 1] ?? "";
    reason = registryError(registrableLabel, suffix);
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

function decodeLabel(label: string): string {
  if (!label.startsWith("xn--")) return label;
  try {
    return punycode.toUnicode(label);
  } catch {
    return label;
  }
}
