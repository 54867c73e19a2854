/**
 * Learns signal weights from analysts' labels: L2-regularised logistic regression fitted by
 * Newton's method (IRLS), shrunk towards the prior weights rather than towards zero, so a
 * signal the labels say nothing about keeps its prior weight.
 *
 * Points scale. The score is read as a calibrated log-odds:
 *     score = 50 + 10 x logit(P(confirmed))
 * so 50 is even odds, 60 (high) is 73 %, 80 (critical) 95 %, 20 (low) 5 %. The scorer adds
 * points from 0 with no intercept, so the fit fixes the intercept at -50 / 10 = -5 and learns
 * only the coefficients; then weight = 10 x coefficient for every signal. Nothing constrains
 * the sign, so discounts (parked, redirects_to_brand) stay negative when the labels say so.
 */
import type { TLabel } from "@brandwarden/contract/common";
import type { TWeights } from "@brandwarden/contract/scoring";
import { DEFAULT_WEIGHTS_DECAY_DAYS, sampleWeights } from "./sample-weights.ts";

export const POINTS_PER_LOGIT = 10;
export const SCORE_AT_EVEN_ODDS = 50;
const INTERCEPT = -SCORE_AT_EVEN_ODDS / POINTS_PER_LOGIT;

export interface LabeledSample {
  label: TLabel;
  /** Signal values at labelling time; null (unknown) is read as 0: no evidence either way. */
  signals: Record<string, number | null>;
  created_at: string;
  campaign_id?: string | null;
}

export interface FitOptions {
  /** The signals to learn (the features, in this order). */
  signalNames: readonly string[];
  now: Date;
  /** WEIGHTS_DECAY_DAYS (default 90). */
  decayDays?: number;
  /** The campaign a sample belongs to (default: its `campaign_id`). */
  campaignOf?: (sample: LabeledSample, index: number) => string | null;
  /** Weights to shrink towards, on the points scale (default: 0 for every signal). */
  priorWeights?: TWeights;
  /** L2 strength in units of sample weight (default 1). */
  l2?: number;
  maxIterations?: number;
}

export interface FitResult {
  weights: TWeights;
  /** Labelled samples used. */
  sample_size: number;
  /** Sum of sample weights after decay and campaign down-weighting. */
  effective_size: number;
  iterations: number;
  converged: boolean;
  /** Weighted mean log-loss at the solution. */
  log_loss: number;
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** Solves A x = b for symmetric positive definite A (Cholesky); A is n x n row-major. */
export function solveSpd(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) l[i * n + i] = Math.sqrt(Math.max(sum, 1e-12));
      else l[i * n + j] = sum / l[j * n + j]!;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= l[i * n + k]! * y[k]!;
    y[i] = sum / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let k = i + 1; k < n; k++) sum -= l[k * n + i]! * x[k]!;
    x[i] = sum / l[i * n + i]!;
  }
  return x;
}

export function fitWeights(samples: readonly LabeledSample[], opts: FitOptions): FitResult {
  const names = opts.signalNames;
  const d = names.length;
  const n = samples.length;
  const lambda = opts.l2 ?? 1;
  const campaignOf = opts.campaignOf ?? ((s: LabeledSample) => s.campaign_id ?? null);
  const w = sampleWeights(
    samples,
    (i) => campaignOf(samples[i]!, i),
    opts.now,
    opts.decayDays ?? DEFAULT_WEIGHTS_DECAY_DAYS,
  );
  const x = new Float64Array(n * d);
  const y = new Float64Array(n);
  samples.forEach((s, i) => {
    y[i] = s.label === "confirmed" ? 1 : 0;
    names.forEach((name, j) => {
      const v = s.signals[name];
      x[i * d + j] = v == null || !Number.isFinite(v) ? 0 : v;
    });
  });
  const prior = Float64Array.from(names, (name) => (opts.priorWeights?.[name] ?? 0) / POINTS_PER_LOGIT);
  const beta = Float64Array.from(prior);

  const objective = (b: Float64Array): number => {
    let loss = 0;
    for (let i = 0; i < n; i++) {
      let z = INTERCEPT;
      for (let j = 0; j < d; j++) z += x[i * d + j]! * b[j]!;
      // log(1 + e^z) - y z, computed stably
      loss += w[i]! * (Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z))) - y[i]! * z);
    }
    let pen = 0;
    for (let j = 0; j < d; j++) pen += (b[j]! - prior[j]!) ** 2;
    return loss + 0.5 * lambda * pen;
  };

  let iterations = 0;
  let converged = false;
  let current = objective(beta);
  const maxIter = opts.maxIterations ?? 50;
  while (iterations < maxIter) {
    iterations++;
    const grad = new Float64Array(d);
    const hess = new Float64Array(d * d);
    for (let i = 0; i < n; i++) {
      let z = INTERCEPT;
      for (let j = 0; j < d; j++) z += x[i * d + j]! * beta[j]!;
      const p = sigmoid(z);
      const r = w[i]! * (p - y[i]!);
      const h = w[i]! * p * (1 - p);
      for (let j = 0; j < d; j++) {
        const xj = x[i * d + j]!;
        if (xj === 0) continue;
        grad[j]! += r * xj;
        for (let k = 0; k <= j; k++) hess[j * d + k]! += h * xj * x[i * d + k]!;
      }
    }
    for (let j = 0; j < d; j++) {
      grad[j]! += lambda * (beta[j]! - prior[j]!);
      hess[j * d + j]! += lambda;
      for (let k = 0; k < j; k++) hess[k * d + j] = hess[j * d + k]!;
    }
    const step = solveSpd(hess, grad, d);
    // Damped Newton: halve the step until the objective does not rise.
    let t = 1;
    let next = beta;
    let value = current;
    for (let tries = 0; tries < 30; tries++, t /= 2) {
      const cand = Float64Array.from(beta, (b, j) => b - t * step[j]!);
      const v = objective(cand);
      if (v <= current + 1e-12) {
        next = cand;
        value = v;
        break;
      }
    }
    const moved = Math.max(...Array.from(step, (s) => Math.abs(s * t)));
    beta.set(next);
    const gain = current - value;
    current = value;
    if (moved < 1e-7 || gain < 1e-10 * Math.max(1, Math.abs(current))) {
      converged = true;
      break;
    }
  }

  const effective = w.reduce((a, b) => a + b, 0);
  const weights: TWeights = {};
  names.forEach((name, j) => {
    const points = beta[j]! * POINTS_PER_LOGIT;
    weights[name] = Math.round(Math.min(1000, Math.max(-1000, points)) * 100) / 100;
  });
  const penalty = 0.5 * lambda * prior.reduce((a, p, j) => a + (beta[j]! - p) ** 2, 0);
  return {
    weights,
    sample_size: n,
    effective_size: Math.round(effective * 1000) / 1000,
    iterations,
    converged,
    log_loss: effective > 0 ? (current - penalty) / effective : 0,
  };
}
