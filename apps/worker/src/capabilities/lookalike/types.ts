import type { FuzzerName } from "./fuzzer-names.ts";

export interface PermutationOptions {
  /** Fuzzers to run (default: every fuzzer in `DEFAULT_FUZZERS`). */
  fuzzers?: readonly FuzzerName[];
  /** Brand keywords for combosquatting (`brand-keyword.com`, `keywordbrand.com`). */
  keywords?: readonly string[];
  /** Words for dnstwist's `dictionary` fuzzer (like `--dictionary FILE`). */
  dictionary?: readonly string[];
  /** Suffixes for dnstwist's `tld-swap` fuzzer (like `--tld FILE`). */
  tlds?: readonly string[];
  /** Cap on distinct candidates; above it `PermutationBudgetError` is thrown. Default 250,000. */
  maxCandidates?: number;
  /** Keep candidates that fail IDNA 2008, length or registry rules (with `invalid_reason`). */
  includeInvalid?: boolean;
}

export interface OriginalDomain {
  /** Input hostname, ASCII (punycode). */
  domain: string;
  domain_unicode: string;
  /** Registrable domain under the public suffix list, ASCII. */
  registrable: string;
  /** Public suffix, ASCII. */
  suffix: string;
  /** The registrable label that is permuted, Unicode. */
  label: string;
  /** Labels left of the registrable domain, Unicode ("" when none). */
  subdomain: string;
}

export interface Permutation {
  /** ASCII (punycode) form. */
  domain: string;
  domain_unicode: string;
  /** First fuzzer (in `FUZZER_NAMES` order) that produced the domain. */
  fuzzer: FuzzerName;
  /** Every fuzzer that produced it. */
  fuzzers: FuzzerName[];
  /** Registrable domain under the public suffix list (private section included), ASCII. */
  registrable_domain: string | null;
  valid: boolean;
  invalid_reason?: string;
}

export interface PermutationResult {
  original: OriginalDomain;
  permutations: Permutation[];
}

/** What a fuzzer sees: the parsed input and the caller's word lists. */
export interface FuzzContext {
  /** Registrable label, Unicode, lower case. */
  label: string;
  /** Public suffix, Unicode (`co.uk`, `de`, `рф`). */
  suffix: string;
  /** Public suffix, ASCII. */
  suffixAscii: string;
  /** Subdomain labels, Unicode ("" when none). */
  subdomain: string;
  keywords: readonly string[];
  dictionary: readonly string[];
  tlds: readonly string[];
  /** Also generate candidates that registry rules will reject (coverage comparisons). */
  includeInvalid: boolean;
  /** Builds a full name from a new registrable label, keeping subdomain and suffix. */
  withLabel(label: string): string;
  /** Builds a full name from a new label and suffix, keeping the subdomain. */
  withLabelSuffix(label: string, suffix: string): string;
}

/** A fuzzer yields full candidate names (Unicode or ASCII, lower case). */
export type FuzzerFn = (ctx: FuzzContext) => Iterable<string>;
