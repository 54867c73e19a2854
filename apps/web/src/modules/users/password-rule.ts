import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

/** The length rule people see: 10 to 200 characters, not all one character. */
const LENGTH_RULE = "Passwords need 10 to 200 characters and more than one distinct character.";
/** zxcvbn's score (0-4): 3 is "safely unguessable" (about 10^10 guesses), ASVS' bar for a new password. */
const MIN_SCORE = 3;
/**
 * Bounds on the work one check may cost (it runs on the event loop): the first 32 characters are
 * judged (a longer password is as strong as its start, at least) and l33t variants are tried for 3
 * substitutions at most. Unbounded, a 200-character "P@ssw0rd" repeated took 11 s and a random
 * 200-character one 21 s; bounded, the worst case seen is about 0.3 s on a loaded 2-core machine.
 */
const LIMITS = { maxLength: 32, l33tMaxSubstitutions: 3 };

// Built on first use: loading the dictionaries (common passwords, names, words) takes about a second.
let checker: ZxcvbnFactory | null = null;
const zxcvbn = () =>
  (checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    ...LIMITS,
  }));

/**
 * Why a new password is refused, or null when it is accepted: the length rule, then the offline
 * lists of breached and common passwords, names and words, keyboard patterns and sequences
 * (zxcvbn-ts); `related` are words of the account (its e-mail) that make a password guessable.
 */
export async function passwordProblem(password: string, related: string[] = []): Promise<string | null> {
  if (password.length < 10 || password.length > 200) return LENGTH_RULE;
  if (new Set(password).size < 2) return LENGTH_RULE;
  const result = await zxcvbn().check(password, related);
  if (result.score >= MIN_SCORE) return null;
  const why = result.feedback.warning ?? "This password is too easy to guess.";
  const hint = result.feedback.suggestions[0] ?? "Use a longer passphrase of uncommon words.";
  return `This password is too easy to guess: ${why.replace(/\.$/, "")}. ${hint}`;
}
