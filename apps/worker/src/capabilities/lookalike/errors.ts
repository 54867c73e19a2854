/** The input is not a domain name the engine can permute. */
export class PermutationInputError extends Error {
  override readonly name = "PermutationInputError";
  constructor(
    message: string,
    readonly input: string,
  ) {
    super(message);
  }
}

/** The candidate space is larger than `maxCandidates`. */
export class PermutationBudgetError extends Error {
  override readonly name = "PermutationBudgetError";
  constructor(
    message: string,
    /** Candidates counted before generation stopped (a lower bound of the real total). */
    readonly candidates: number,
    readonly maxCandidates: number,
    /** Candidates per fuzzer, largest first. */
    readonly byFuzzer: ReadonlyArray<readonly [string, number]>,
  ) {
    super(message);
  }
}
