/**
 * Average linkage over a link graph: start from single findings and repeatedly merge the two
 * groups whose cross pairs are most strongly linked on average, as long as at least
 * MIN_LINKED_SHARE of those cross pairs are linked. Unlike single linkage (connected
 * components), one link between two big groups does not merge them, so weak bridges and chains
 * never grow a blob; a group the evidence supports only in part stays split.
 */
const MIN_LINKED_SHARE = 0.5;

/** A link between findings `a` and `b` with its evidence score. */
export type Link = readonly [a: number, b: number, score: number];

interface Between {
  count: number; // linked cross pairs
  sum: number; // their scores
}

/** Groups of indexes 0..n-1 (singletons included), each sorted, in order of their first member. */
export function averageLinkage(n: number, links: readonly Link[]): number[][] {
  const members = new Map<number, number[]>();
  const between = new Map<number, Map<number, Between>>();
  const add = (a: number, b: number, by: Between) => {
    const m = between.get(a) ?? new Map<number, Between>();
    const cur = m.get(b) ?? { count: 0, sum: 0 };
    m.set(b, { count: cur.count + by.count, sum: cur.sum + by.sum });
    between.set(a, m);
  };
  for (let i = 0; i < n; i++) members.set(i, [i]);
  for (const [a, b, score] of links) {
    if (a === b) continue;
    add(a, b, { count: 1, sum: score });
    add(b, a, { count: 1, sum: score });
  }
  for (;;) {
    let best: { a: number; b: number; strength: number } | null = null;
    for (const [a, nb] of between) {
      for (const [b, { count, sum }] of nb) {
        if (b <= a) continue;
        const pairs = members.get(a)!.length * members.get(b)!.length;
        if (count / pairs < MIN_LINKED_SHARE) continue;
        const strength = sum / pairs;
        if (!best || strength > best.strength + 1e-12) best = { a, b, strength };
      }
    }
    if (!best) break;
    const { a, b } = best; // merge b into a
    members.get(a)!.push(...members.get(b)!);
    members.delete(b);
    const fromB = between.get(b) ?? new Map<number, Between>();
    between.delete(b);
    between.get(a)!.delete(b);
    for (const [c, by] of fromB) {
      if (c === a) continue;
      between.get(c)!.delete(b);
      add(a, c, by);
      add(c, a, by);
    }
  }
  return [...members.values()].map((m) => m.sort((x, y) => x - y)).sort((x, y) => x[0]! - y[0]!);
}
