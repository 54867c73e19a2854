import { describe, expect, it } from "vitest";
import { boundedDistance } from "./edit-distance.ts";
import { EditIndex, deletions } from "./edit-index.ts";

describe("near-miss index", () => {
  it("finds every term within its allowed edits, and no other", () => {
    const idx = new EditIndex<string>();
    const terms = ["acmebank", "contosopay", "fabrikam", "northwindtraders", "tailspin"];
    for (const t of terms) idx.add(t, t.length >= 9 ? 2 : 1, t);
    const queries = [
      "acmebnak",
      "acmbank",
      "acmeebank",
      "acnebank",
      "acmebank",
      "xcmebxnk",
      "contsopya",
      "cnotosopay",
      "contosopay",
      "kontosopey",
      "fabrikan",
      "fabrikm",
      "northwindtrader",
      "nortwindtraderz",
      "tailspn",
      "talspn",
      "unrelated",
      "a",
      "",
    ];
    for (const q of queries) {
      const expected = terms
        .filter((t) => {
          const d = boundedDistance(q, t, t.length >= 9 ? 2 : 1);
          return d > 0 && d <= (t.length >= 9 ? 2 : 1);
        })
        .sort();
      expect(
        idx
          .near(q)
          .map((h) => h.value)
          .sort(),
        q,
      ).toEqual(expected);
    }
    expect(idx.near("acmebnak")).toEqual([{ value: "acmebank", term: "acmebank", distance: 1 }]);
  });

  it("keeps every value of a term shared by several owners", () => {
    const idx = new EditIndex<number>();
    idx.add("contoso", 1, 1);
    idx.add("contoso", 1, 2);
    expect(idx.near("contosa").map((h) => h.value)).toEqual([1, 2]);
  });

  it("enumerates deletions once each", () => {
    expect([...deletions("abc", 1)].sort()).toEqual(["ab", "abc", "ac", "bc"]);
    expect(deletions("aab", 2).size).toBe(new Set(["aab", "ab", "aa", "a", "b"]).size);
  });
});
