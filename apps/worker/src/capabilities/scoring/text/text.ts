/** String measures the lexical signals use: edit distance, entropy, confusable skeletons. */
import { skeleton } from "../../lookalike/confusables.ts";

/**
 * Damerau-Levenshtein distance, optimal-string-alignment variant (insert, delete, substitute,
 * swap two adjacent characters; no substring edited twice). Code points, not UTF-16 units.
 */
export function damerauLevenshtein(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const n = s.length;
  const m = t.length;
  if (n === 0) return m;
  if (m === 0) return n;
  // Three rolling rows: i-2, i-1, i.
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
}

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  const chars = [...text];
  if (chars.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/**
 * Case-insensitive TR39 skeleton: `paypa1` and `pаypal` (Cyrillic а) both give `paypal`.
 * The prototype of some characters is upper case (0 -> O), hence the lower-casing after.
 */
export function visualSkeleton(text: string): string {
  return skeleton(text.toLowerCase()).toLowerCase();
}
