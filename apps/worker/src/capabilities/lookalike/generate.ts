/**
 * generatePermutations: normalise the input, run the selected fuzzers, merge duplicates (keeping
 * every fuzzer that produced a name), then encode and validate each candidate.
 */
import { PermutationBudgetError, PermutationInputError } from "./errors.ts";
import { FUZZER_NAMES } from "@brandwarden/contract/constants";
import { isFuzzerName } from "@brandwarden/contract/constants";
import type { FuzzerName } from "./fuzzer-names.ts";
import { FUZZER_FNS } from "./fuzzers/index.ts";
import { normalizeInput } from "./normalize.ts";
import type { FuzzContext, PermutationOptions, PermutationResult } from "./types.ts";
import {
  createValidator,
  hasOwnAscii,
  permutationOf,
  validateCandidates,
  type Candidate,
} from "./validate.ts";
import { toUnicode } from "tr46";

const DEFAULT_MAX_CANDIDATES = 250_000;

/** Fuzzers run when `fuzzers` is not given: all of them. */
const DEFAULT_FUZZERS: readonly FuzzerName[] = FUZZER_NAMES;

export function generatePermutations(domain: string, opts: PermutationOptions = {}): PermutationResult {
  const steps = runFuzzers(domain, opts, false);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Candidates a step covers at most, so a caller pausing between steps stays responsive. */
const STEP = 512;

/**
 * generatePermutations in steps: yields the valid ASCII names first produced since the previous
 * step (every few hundred candidates and at the end of each fuzzer; in the order of the result),
 * then returns the same result. A caller can resolve names, or serve I/O, while it generates.
 */
export function permutationSteps(
  domain: string,
  opts: PermutationOptions = {},
): Generator<string[], PermutationResult, void> {
  return runFuzzers(domain, opts, true);
}

function* runFuzzers(
  domain: string,
  opts: PermutationOptions,
  stepwise: boolean,
): Generator<string[], PermutationResult, void> {
  const original = normalizeInput(domain);
  const selected = selectFuzzers(opts.fuzzers);
  const maxCandidates = opts.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  if (!Number.isInteger(maxCandidates) || maxCandidates < 1) {
    throw new PermutationInputError(`maxCandidates must be a positive integer, got ${maxCandidates}`, domain);
  }
  const suffixUnicode = toUnicode(original.suffix).domain;
  const prefix = original.subdomain ? `${original.subdomain}.` : "";
  const ctx: FuzzContext = {
    label: original.label,
    suffix: suffixUnicode,
    suffixAscii: original.suffix,
    subdomain: original.subdomain,
    keywords: cleanWords(opts.keywords),
    dictionary: cleanWords(opts.dictionary),
    tlds: cleanWords(opts.tlds).map((t) => t.replace(/^\./, "")),
    includeInvalid: opts.includeInvalid === true,
    withLabel: (label) => `${prefix}${label}.${suffixUnicode}`,
    withLabelSuffix: (label, suffix) => `${prefix}${label}.${suffix}`,
  };

  const candidates = new Map<string, Candidate>();
  const counts = new Map<FuzzerName, number>();
  const self = new Set([original.domain_unicode, original.domain]);
  let overflow = false;
  let counted = 0;
  const hardStop = maxCandidates * 4;
  const validate = createValidator(original.suffix);
  /** ASCII names given so far that another candidate could share. */
  const emitted = new Set<string>();
  let fresh: string[] = [];
  let freshCandidates: Candidate[] = [];
  /** The valid ASCII names among `fresh`, not given before. */
  const batch = (): string[] => {
    const out: string[] = [];
    for (let i = 0; i < fresh.length; i++) {
      const p = permutationOf(fresh[i]!, freshCandidates[i]!, validate);
      if (!p.valid) continue;
      if (hasOwnAscii(fresh[i]!, p)) out.push(p.domain);
      else if (!emitted.has(p.domain)) {
        emitted.add(p.domain);
        out.push(p.domain);
      }
    }
    fresh = [];
    freshCandidates = [];
    return out;
  };
  for (const name of selected) {
    let produced = 0;
    for (const candidate of FUZZER_FNS[name](ctx)) {
      if (self.has(candidate)) continue;
      produced++;
      if (overflow) {
        if (++counted >= hardStop) break;
        continue;
      }
      const seen = candidates.get(candidate);
      if (seen === undefined) {
        const entry: Candidate = { fuzzers: [name] };
        candidates.set(candidate, entry);
        if (candidates.size > maxCandidates) {
          overflow = true;
          counted = candidates.size;
        } else if (stepwise) {
          freshCandidates.push(entry);
          if (fresh.push(candidate) >= STEP) yield batch();
        }
      } else if (seen.fuzzers[seen.fuzzers.length - 1] !== name) seen.fuzzers.push(name);
    }
    counts.set(name, produced);
    if (counted >= hardStop) break;
    if (stepwise && !overflow) yield batch();
  }
  if (overflow) throw budgetError(counted, maxCandidates, counts, counted >= hardStop);

  const permutations = validateCandidates(candidates, opts.includeInvalid === true, validate);
  return { original, permutations };
}

function selectFuzzers(names: readonly string[] | undefined): FuzzerName[] {
  if (names === undefined) return [...DEFAULT_FUZZERS];
  const unknown = names.filter((n) => !isFuzzerName(n));
  if (unknown.length > 0) {
    throw new PermutationInputError(
      `unknown fuzzer${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")} (known: ${FUZZER_NAMES.join(", ")})`,
      unknown.join(","),
    );
  }
  const wanted = new Set(names);
  return FUZZER_NAMES.filter((n) => wanted.has(n));
}

function cleanWords(words: readonly string[] | undefined): string[] {
  if (!words) return [];
  const out = new Set<string>();
  for (const w of words) {
    const word = w.trim().toLowerCase();
    if (word && !word.startsWith("#") && !word.startsWith("//")) out.add(word);
  }
  return [...out];
}

function budgetError(
  counted: number,
  maxCandidates: number,
  counts: ReadonlyMap<FuzzerName, number>,
  truncated: boolean,
): PermutationBudgetError {
  const byFuzzer = [...counts].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  const top = byFuzzer
    .slice(0, 5)
    .map(([n, c]) => `${n} ${c.toLocaleString("en-US")}`)
    .join(", ");
  const amount = `${truncated ? "more than " : "about "}${counted.toLocaleString("en-US")}`;
  const biggest = byFuzzer[0]?.[0] ?? "homoglyph";
  return new PermutationBudgetError(
    `lookalike candidate space too large: ${amount} candidates, over the cap of ` +
      `${maxCandidates.toLocaleString("en-US")} (maxCandidates). Largest fuzzers: ${top}. ` +
      `Drop some fuzzers (e.g. run without "${biggest}" via the fuzzers option) or raise maxCandidates.`,
    counted,
    maxCandidates,
    byFuzzer,
  );
}
