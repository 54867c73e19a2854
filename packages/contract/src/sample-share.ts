/**
 * A user's share of a shared sample (the labels the platform's weight set learns from) is
 * capped, so one account, however many findings it labels, cannot fill the sample and decide
 * the weights that score everyone else.
 */

/** At most this fraction of a shared sample's maximum size comes from one user. */
const MAX_USER_SHARE = 0.2;

/** Labels one user may contribute to a shared sample of at most `max` (100 of 500). */
export function perUserCap(max: number, share: number = MAX_USER_SHARE): number {
  return Math.max(1, Math.floor(max * share));
}

/**
 * Keeps the order of `samples` (newest first) and drops each user's samples beyond `cap`
 * (their oldest), then stops at `max`. A sample of no known user is kept: nothing to count it against.
 */
export function capUserShare<T>(
  samples: readonly T[],
  userOf: (s: T) => string | null | undefined,
  max: number,
  cap: number = perUserCap(max),
): T[] {
  const taken = new Map<string, number>();
  const out: T[] = [];
  for (const s of samples) {
    if (out.length >= max) break;
    const user = userOf(s);
    if (user == null) {
      out.push(s);
      continue;
    }
    const n = taken.get(user) ?? 0;
    if (n >= cap) continue;
    taken.set(user, n + 1);
    out.push(s);
  }
  return out;
}
