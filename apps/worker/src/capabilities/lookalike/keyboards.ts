import { KEYBOARD_LAYOUTS } from "./data/keyboards.ts";

export type Adjacency = ReadonlyMap<string, readonly string[]>;

const LABEL_CHAR = /^[a-z0-9]$/;

/**
 * Neighbours of every key of a staggered layout: left and right on the same row, keys i and i+1 on
 * the row above, keys i-1 and i on the row below (the geometry behind dnstwist's tables).
 */
function layoutAdjacency(rows: readonly string[]): Adjacency {
  const out = new Map<string, string[]>();
  const at = (r: number, i: number): string | undefined => {
    const ch = rows[r]?.[i];
    return ch !== undefined && LABEL_CHAR.test(ch) ? ch : undefined;
  };
  rows.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) {
      const key = at(r, i);
      if (!key) continue;
      const near = [
        at(r - 1, i),
        at(r - 1, i + 1),
        at(r, i + 1),
        at(r, i - 1),
        at(r + 1, i - 1),
        at(r + 1, i),
      ];
      out.set(
        key,
        near.filter((c): c is string => c !== undefined),
      );
    }
  });
  return out;
}

export const KEYBOARDS: ReadonlyMap<string, Adjacency> = new Map(
  Object.entries(KEYBOARD_LAYOUTS).map(([name, rows]) => [name, layoutAdjacency(rows)]),
);

/** Union of the neighbours of `ch` over every layout, without duplicates. */
const UNION = new Map<string, readonly string[]>();
for (const adjacency of KEYBOARDS.values()) {
  for (const [key, near] of adjacency) {
    UNION.set(key, [...new Set([...(UNION.get(key) ?? []), ...near])]);
  }
}

export function keyboardNeighbours(ch: string): readonly string[] {
  return UNION.get(ch) ?? [];
}
