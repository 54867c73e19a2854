import { boundedDistance } from "./edit-distance.ts";

/**
 * Which of many terms is a string within 1 or 2 edits of? A deletion-neighbourhood index
 * (SymSpell): every term is stored under each string made by deleting up to `max` (its allowed
 * distance) of its characters; a query looks up its own deletions, so two strings within k edits
 * always share a key, and only those few candidates pay for an exact bounded distance. The cost of
 * a query does not grow with the number of terms.
 */

export interface EditHit<T> {
  value: T;
  term: string;
  distance: number;
}

/** Every string made by deleting up to `max` characters of `s` (itself included), once each. */
export function deletions(s: string, max: number, out = new Set<string>()): Set<string> {
  out.add(s);
  if (max === 0 || s.length <= 1) return out;
  for (let i = 0; i < s.length; i++) {
    const d = s.slice(0, i) + s.slice(i + 1);
    if (!out.has(d)) deletions(d, max - 1, out);
  }
  return out;
}

interface Entry<T> {
  max: number;
  values: T[];
}

export class EditIndex<T> {
  private readonly keys = new Map<string, string[]>();
  private readonly terms = new Map<string, Entry<T>>();
  /** Length range of the terms allowed 1 and 2 edits: what a query's length is checked against. */
  private readonly range = [
    { min: Infinity, max: -Infinity },
    { min: Infinity, max: -Infinity },
  ];

  /** Adds a term found within `max` edits (1 or 2). */
  add(term: string, max: 1 | 2, value: T): void {
    const known = this.terms.get(term);
    if (known) {
      known.values.push(value);
      if (max <= known.max) return;
      known.max = max;
    } else this.terms.set(term, { max, values: [value] });
    for (const key of deletions(term, max)) {
      const list = this.keys.get(key);
      if (!list) this.keys.set(key, [term]);
      else if (!list.includes(term)) list.push(term);
    }
    const r = this.range[max - 1]!;
    r.min = Math.min(r.min, term.length);
    r.max = Math.max(r.max, term.length);
  }

  /** The terms `s` is 1..max edits from (never 0: an equal string is not a near miss). */
  near(s: string): Array<EditHit<T>> {
    const inRange = (i: number) => {
      const r = this.range[i]!;
      return s.length >= r.min - (i + 1) && s.length <= r.max + (i + 1);
    };
    const budget = inRange(1) ? 2 : inRange(0) ? 1 : 0;
    if (budget === 0) return [];
    const candidates = new Set<string>();
    for (const key of deletions(s, budget)) {
      const list = this.keys.get(key);
      if (list) for (const t of list) candidates.add(t);
    }
    const out: Array<EditHit<T>> = [];
    for (const term of candidates) {
      const e = this.terms.get(term)!;
      const distance = boundedDistance(s, term, e.max);
      if (distance > 0 && distance <= e.max)
        for (const value of e.values) out.push({ value, term, distance });
    }
    return out;
  }
}
