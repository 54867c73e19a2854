import { describe, expect, it } from "vitest";
import { damerauLevenshtein, shannonEntropy, visualSkeleton } from "./text.ts";

describe("damerauLevenshtein", () => {
  it.each([
    ["", "", 0],
    ["abc", "", 3],
    ["acmebank", "acmebank", 0],
    ["acmebank", "acmebnak", 1], // swap
    ["acmebank", "acmbank", 1], // deletion
    ["acmebank", "acmexbank", 1], // insertion
    ["acmebank", "acmebenk", 1], // substitution
    ["ca", "abc", 3], // optimal string alignment, not unrestricted DL (2)
    ["kitten", "sitting", 3],
    ["пример", "прмиер", 1], // code points
  ])("%s vs %s = %i", (a, b, d) => {
    expect(damerauLevenshtein(a, b)).toBe(d);
    expect(damerauLevenshtein(b, a)).toBe(d);
  });
});

describe("shannonEntropy", () => {
  it("is 0 for one repeated symbol and log2(n) for n distinct ones", () => {
    expect(shannonEntropy("")).toBe(0);
    expect(shannonEntropy("aaaa")).toBe(0);
    expect(shannonEntropy("abcd")).toBe(2);
    expect(shannonEntropy("ab")).toBe(1);
  });
});

describe("visualSkeleton", () => {
  it("maps confusables to their prototype, case-insensitively", () => {
    expect(visualSkeleton("p\u0430yp\u0430l")).toBe(visualSkeleton("paypal"));
    expect(visualSkeleton("PAYPAL")).toBe(visualSkeleton("paypal"));
    expect(visualSkeleton("rn")).toBe(visualSkeleton("m"));
    expect(visualSkeleton("paypa1")).toBe(visualSkeleton("paypal"));
    expect(visualSkeleton("g00gle")).toBe(visualSkeleton("google"));
    expect(visualSkeleton("acme")).not.toBe(visualSkeleton("acne"));
  });
});
