/**
 * Leet-speak and multi-character look-alikes (twistrs' `Mapped` and ail-typo-squatting's lists),
 * as [from, to] pairs; every pair is listed in both directions where the reverse is plausible.
 */
const ONE_WAY: ReadonlyArray<readonly [string, string]> = [
  ["a", "4"],
  ["b", "8"],
  ["b", "6"],
  ["e", "3"],
  ["g", "9"],
  ["g", "6"],
  ["i", "1"],
  ["i", "l"],
  ["l", "1"],
  ["l", "i"],
  ["o", "0"],
  ["q", "9"],
  ["s", "5"],
  ["s", "z"],
  ["t", "7"],
  ["z", "2"],
  ["z", "s"],
  ["u", "v"],
  ["f", "ph"],
  ["m", "rn"],
  ["m", "nn"],
  ["w", "vv"],
  ["w", "uu"],
  ["d", "cl"],
  ["k", "lc"],
  ["h", "lh"],
  ["ck", "kk"],
  ["ck", "k"],
  ["oo", "00"],
  ["ll", "11"],
  ["x", "ks"],
  ["c", "k"],
];

export const LEET_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ...ONE_WAY,
  ...ONE_WAY.map(([a, b]) => [b, a] as const),
].filter((pair, i, all) => all.findIndex(([a, b]) => a === pair[0] && b === pair[1]) === i);
