/** Lookalike permutation engine (issue #4): pure code, no I/O beyond reading packaged data files. */
export { generatePermutations, DEFAULT_FUZZERS, DEFAULT_MAX_CANDIDATES } from "./generate.ts";
export { FUZZER_NAMES, FUZZER_DESCRIPTIONS, DNSTWIST_FUZZERS, isFuzzerName } from "./fuzzer-names.ts";
export type { FuzzerName } from "./fuzzer-names.ts";
export { PermutationBudgetError, PermutationInputError } from "./errors.ts";
export { skeleton } from "./confusables.ts";
export type { OriginalDomain, Permutation, PermutationOptions, PermutationResult } from "./types.ts";
