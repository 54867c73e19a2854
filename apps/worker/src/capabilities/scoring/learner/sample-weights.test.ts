import { describe, expect, it } from "vitest";
import { decayWeight, sampleWeights, shouldLearn } from "./sample-weights.ts";

const NOW = new Date("2025-06-01T00:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe("decay", () => {
  it("is exp(-age / decayDays): 1 today, 1/e at decayDays, 1/e^2 at twice that", () => {
    expect(decayWeight(ago(0), NOW, 90)).toBe(1);
    expect(decayWeight(ago(90), NOW, 90)).toBeCloseTo(Math.exp(-1), 10);
    expect(decayWeight(ago(180), NOW, 90)).toBeCloseTo(Math.exp(-2), 10);
    expect(decayWeight(ago(30), NOW, 30)).toBeCloseTo(Math.exp(-1), 10);
  });
  it("treats future dates as fresh and unparseable ones as weightless", () => {
    expect(decayWeight(ago(-5), NOW, 90)).toBe(1);
    expect(decayWeight("yesterday", NOW, 90)).toBe(0);
  });
  it("halves at decayDays x ln 2 (the half-life)", () => {
    expect(decayWeight(ago(90 * Math.LN2), NOW, 90)).toBeCloseTo(0.5, 6);
  });
});

describe("sampleWeights", () => {
  it("divides by the number of labelled samples of the same campaign", () => {
    const samples = [ago(0), ago(0), ago(0), ago(0), ago(90)].map((created_at) => ({ created_at }));
    const campaigns = ["c1", "c1", "c1", null, null];
    const w = sampleWeights(samples, (i) => campaigns[i]!, NOW, 90);
    expect(w.slice(0, 3).reduce((a, b) => a + b)).toBeCloseTo(1, 10); // one campaign counts once
    expect(w[3]).toBe(1);
    expect(w[4]).toBeCloseTo(Math.exp(-1), 10);
  });
});

describe("shouldLearn (MIN_LABELED_SAMPLES)", () => {
  it("learns at the minimum and above, not below; the default minimum is 10", () => {
    expect(shouldLearn(9)).toBe(false);
    expect(shouldLearn(10)).toBe(true);
    expect(shouldLearn(4, 5)).toBe(false);
    expect(shouldLearn(5, 5)).toBe(true);
  });
});
