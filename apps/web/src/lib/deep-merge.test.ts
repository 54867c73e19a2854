import { describe, expect, it } from "vitest";
import { deepMerge } from "./deep-merge.ts";

describe("deepMerge", () => {
  it("merges nested objects key by key and keeps untouched keys", () => {
    expect(deepMerge({ a: 1, n: { x: 1, y: 2 } }, { n: { y: 3, z: 4 } })).toEqual({
      a: 1,
      n: { x: 1, y: 3, z: 4 },
    });
  });
  it("replaces arrays, scalars and null rather than merging them", () => {
    expect(deepMerge({ l: [1, 2], s: "a", o: { k: 1 } }, { l: [3], s: "b", o: null })).toEqual({
      l: [3],
      s: "b",
      o: null,
    });
  });
  it("ignores undefined values in the patch and does not mutate the base", () => {
    const base = { a: 1, n: { x: 1 } };
    const merged = deepMerge(base, { a: undefined, n: { x: 2 } });
    expect(merged).toEqual({ a: 1, n: { x: 2 } });
    expect(base).toEqual({ a: 1, n: { x: 1 } });
  });
});
