/** Test helpers: run selected fuzzers and look at the Unicode names they produce. */
import { generatePermutations } from "../src/capabilities/lookalike/generate.ts";
import type { FuzzerName } from "../src/capabilities/lookalike/fuzzer-names.ts";
import type { PermutationOptions } from "../src/capabilities/lookalike/types.ts";

export function names(domain: string, fuzzer: FuzzerName, opts: PermutationOptions = {}): Set<string> {
  return new Set(
    generatePermutations(domain, { ...opts, fuzzers: [fuzzer] }).permutations.map((p) => p.domain_unicode),
  );
}
