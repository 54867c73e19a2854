/**
 * Pairwise precision and recall of a clustering against a truth: over all pairs of domains,
 * how many the clustering puts together that truly belong together (precision), and how many
 * true pairs it finds (recall). Domains outside any group are singletons.
 */
export interface PairwiseScore {
  precision: number;
  recall: number;
  predictedPairs: number;
  truePairs: number;
}

const pairsWithin = (sizes: Iterable<number>) => {
  let n = 0;
  for (const s of sizes) n += (s * (s - 1)) / 2;
  return n;
};

/** `predicted` and `truth` map a domain to its group id; unmapped domains are alone. */
export function pairwiseScore(
  predicted: ReadonlyMap<string, string>,
  truth: ReadonlyMap<string, string>,
): PairwiseScore {
  const count = (m: ReadonlyMap<string, string>) => {
    const c = new Map<string, number>();
    for (const g of m.values()) c.set(g, (c.get(g) ?? 0) + 1);
    return c;
  };
  const both = new Map<string, number>();
  for (const [d, p] of predicted) {
    const t = truth.get(d);
    if (t !== undefined) both.set(`${p}\u0000${t}`, (both.get(`${p}\u0000${t}`) ?? 0) + 1);
  }
  const tp = pairsWithin(both.values());
  const predictedPairs = pairsWithin(count(predicted).values());
  const truePairs = pairsWithin(count(truth).values());
  return {
    precision: predictedPairs ? tp / predictedPairs : 1,
    recall: truePairs ? tp / truePairs : 1,
    predictedPairs,
    truePairs,
  };
}

/** Cluster sizes bucketed: "2", "3-5", "6-12", "13-30", "31+". */
export function sizeHistogram(sizes: readonly number[]): Record<string, number> {
  const buckets: Array<[string, number]> = [
    ["2", 2],
    ["3-5", 5],
    ["6-12", 12],
    ["13-30", 30],
    ["31+", Infinity],
  ];
  const out: Record<string, number> = Object.fromEntries(buckets.map(([k]) => [k, 0]));
  for (const s of sizes) {
    const b = buckets.find(([, max]) => s <= max);
    if (b && s >= 2) out[b[0]]! += 1;
  }
  return out;
}
