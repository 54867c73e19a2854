import { describe, expect, it } from "vitest";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { fitWeights, POINTS_PER_LOGIT, solveSpd, type LabeledSample } from "./fit.ts";
import { rocAuc, rotatedWeights, syntheticSamples } from "../../../../testing/synthetic-labels.ts";

const NOW = new Date("2025-06-01T00:00:00Z");
const names = Object.keys(DEFAULT_DOMAIN_WEIGHTS);
const dot = (w: Record<string, number>, s: LabeledSample) =>
  names.reduce((acc, n) => acc + (w[n] ?? 0) * (s.signals[n] ?? 0), 0);

describe("solveSpd", () => {
  it("solves a symmetric positive definite system", () => {
    const x = solveSpd(Float64Array.from([4, 1, 1, 3]), Float64Array.from([1, 2]), 2);
    expect(x[0]).toBeCloseTo(1 / 11, 10);
    expect(x[1]).toBeCloseTo(7 / 11, 10);
  });
});

describe("fitWeights", () => {
  it("recovers a planted weight direction unlike the defaults", () => {
    const truth = rotatedWeights(DEFAULT_DOMAIN_WEIGHTS);
    const train = syntheticSamples({ n: 2000, trueWeights: truth, seed: 7, now: NOW });
    const test = syntheticSamples({ n: 1000, trueWeights: truth, seed: 8, now: NOW });
    const fit = fitWeights(train, { signalNames: names, now: NOW, priorWeights: DEFAULT_DOMAIN_WEIGHTS });
    expect(fit.converged).toBe(true);
    // cosine similarity with the truth beats the defaults' by far
    const cos = (a: Record<string, number>, b: Record<string, number>) => {
      const ab = names.reduce((s, n) => s + a[n]! * b[n]!, 0);
      const na = Math.sqrt(names.reduce((s, n) => s + a[n]! ** 2, 0));
      const nb = Math.sqrt(names.reduce((s, n) => s + b[n]! ** 2, 0));
      return ab / (na * nb);
    };
    expect(cos(fit.weights, truth)).toBeGreaterThan(0.9);
    expect(cos(DEFAULT_DOMAIN_WEIGHTS, truth)).toBeLessThan(0.6);
    const auc = (w: Record<string, number>) =>
      rocAuc(
        test.map((s) => dot(w, s)),
        test.map((s) => s.label === "confirmed"),
      );
    expect(auc(fit.weights)).toBeGreaterThan(auc(DEFAULT_DOMAIN_WEIGHTS) + 0.05);
  });

  it("keeps discount signals negative when the labels say so", () => {
    const train = syntheticSamples({ n: 1500, trueWeights: DEFAULT_DOMAIN_WEIGHTS, seed: 3, now: NOW });
    const fit = fitWeights(train, { signalNames: names, now: NOW });
    expect(fit.weights.redirects_to_brand!).toBeLessThan(0);
    expect(fit.weights.parked!).toBeLessThan(0);
  });

  it("leaves a signal the labels never show at its prior weight", () => {
    const samples: LabeledSample[] = Array.from({ length: 40 }, (_, i) => ({
      label: i % 2 ? "confirmed" : "benign",
      signals: { login_form: i % 2, threat_feed_hit: null },
      created_at: NOW.toISOString(),
    }));
    const fit = fitWeights(samples, {
      signalNames: ["login_form", "threat_feed_hit"],
      now: NOW,
      priorWeights: { login_form: 15, threat_feed_hit: 30 },
    });
    expect(fit.weights.threat_feed_hit).toBe(30); // null read as 0: no gradient, stays at prior
    expect(fit.weights.login_form!).toBeGreaterThan(15);
  });

  it("maps coefficients to points so even odds sit at score 50", () => {
    // a signal present in exactly the confirmed half: P(confirmed | present) -> high
    const samples: LabeledSample[] = Array.from({ length: 200 }, (_, i) => ({
      label: i % 4 === 0 ? "benign" : "confirmed",
      signals: { x: 1 },
      created_at: NOW.toISOString(),
    }));
    const fit = fitWeights(samples, { signalNames: ["x"], now: NOW, l2: 1e-6 });
    // 75 % confirmed -> logit(0.75) = ln 3 -> score = 50 + 10 ln 3
    expect(fit.weights.x).toBeCloseTo(50 + POINTS_PER_LOGIT * Math.log(3), 1);
  });

  it("lets recent labels outweigh old contradicting ones (decay)", () => {
    const mk = (label: "confirmed" | "benign", days: number): LabeledSample => ({
      label,
      signals: { x: 1 },
      created_at: new Date(NOW.getTime() - days * 86_400_000).toISOString(),
    });
    const samples = [
      ...Array.from({ length: 50 }, () => mk("confirmed", 1)),
      ...Array.from({ length: 50 }, () => mk("benign", 400)),
    ];
    const fit = fitWeights(samples, { signalNames: ["x"], now: NOW, decayDays: 90, l2: 1e-6 });
    expect(fit.weights.x!).toBeGreaterThan(70); // almost all weight on the recent confirmations
    const noDecay = fitWeights(samples, { signalNames: ["x"], now: NOW, decayDays: 1e9, l2: 1e-6 });
    expect(noDecay.weights.x).toBeCloseTo(50, 0);
  });

  it("counts one campaign once, not once per member", () => {
    const mk = (label: "confirmed" | "benign", campaign_id: string | null): LabeledSample => ({
      label,
      signals: { x: 1 },
      created_at: NOW.toISOString(),
      campaign_id,
    });
    const samples = [
      ...Array.from({ length: 40 }, () => mk("confirmed", "cmp_big")),
      ...Array.from({ length: 3 }, () => mk("benign", null)),
      mk("confirmed", null),
      mk("confirmed", null),
    ];
    const fit = fitWeights(samples, { signalNames: ["x"], now: NOW, l2: 1e-6 });
    // weighted: 3 confirmed vs 3 benign -> even odds -> 50 points
    expect(fit.weights.x).toBeCloseTo(50, 0);
    expect(fit.effective_size).toBeCloseTo(6, 6);
  });
});
