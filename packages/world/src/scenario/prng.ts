// A small seeded PRNG (mulberry32) and the draws the generator needs; same seed, same world.

export type Rng = () => number;

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32 from a 32-bit seed: uniform in [0, 1). Also the worker's tests' and benches' PRNG. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** mulberry32 seeded by the FNV-1a hash of `seed`. */
export function createRng(seed: string | number): Rng {
  return mulberry32(hashString(String(seed)));
}

export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error("pick from an empty list");
  return items[Math.floor(rng() * items.length)] as T;
}

export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

// Weighted sampling without replacement (Efraimidis-Spirakis): larger weight, earlier.
export function weightedOrder<T>(rng: Rng, items: readonly T[], weight: (t: T) => number): T[] {
  return items
    .map((item) => ({ item, key: Math.pow(rng(), 1 / Math.max(weight(item), 1e-6)) }))
    .sort((x, y) => y.key - x.key)
    .map((x) => x.item);
}

// Splits `total` into integer parts proportional to `weights` (largest remainder), summing to total.
export function apportion<K extends string>(total: number, weights: Record<K, number>): Record<K, number> {
  const keys = Object.keys(weights) as K[];
  const sum = keys.reduce((acc, k) => acc + Math.max(0, weights[k]), 0);
  const out = {} as Record<K, number>;
  if (sum <= 0) throw new Error("mix weights sum to zero");
  const rema: { k: K; r: number }[] = [];
  let used = 0;
  for (const k of keys) {
    const exact = (total * Math.max(0, weights[k])) / sum;
    out[k] = Math.floor(exact);
    used += out[k];
    rema.push({ k, r: exact - out[k] });
  }
  rema.sort((x, y) => y.r - x.r);
  for (let i = 0; used < total; i++, used++) out[rema[i % rema.length]!.k] += 1;
  return out;
}
