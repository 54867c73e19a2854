/**
 * Generated labelled findings for tests and the learner benchmark: signal values drawn at
 * random, labels drawn from a logistic model with chosen "true" weights on the points scale
 * (score = 50 + 10 x logit, as `fit.ts` reads it). Seeded, so runs repeat.
 */
import type { TWeights } from "@brandwarden/contract/scoring";
import { mulberry32 } from "@brandwarden/world/scenario/prng";
import type { LabeledSample } from "../src/capabilities/scoring/learner/fit.ts";
import { POINTS_PER_LOGIT, SCORE_AT_EVEN_ODDS } from "../src/capabilities/scoring/learner/fit.ts";

export interface SyntheticOptions {
  n: number;
  trueWeights: TWeights;
  seed?: number;
  /** Share of values that are unknown (null). */
  unknownRate?: number;
  now?: Date;
  /** Labels are spread over this many days before `now`. */
  spanDays?: number;
  /** Share of samples put into campaigns of 2-8 members. */
  campaignRate?: number;
}

/**
 * The truth: the defaults' magnitudes handed to other signals (rotated by `shift` places), with
 * discounts kept negative. A customer whose analysts weigh things this differently is what the
 * learner exists for.
 */
export function rotatedWeights(defaults: TWeights, shift = 7): TWeights {
  const names = Object.keys(defaults);
  const out: TWeights = {};
  names.forEach((name, i) => {
    const magnitude = Math.abs(defaults[names[(i + shift) % names.length]!]!);
    out[name] = defaults[name]! < 0 ? -magnitude : magnitude;
  });
  return out;
}

export function syntheticSamples(opts: SyntheticOptions): LabeledSample[] {
  const rand = mulberry32(opts.seed ?? 1);
  const names = Object.keys(opts.trueWeights);
  const prevalence = names.map(() => 0.1 + 0.5 * rand());
  const now = opts.now ?? new Date("2025-06-01T00:00:00Z");
  const unknown = opts.unknownRate ?? 0.15;
  const out: LabeledSample[] = [];
  let campaign: { id: string; left: number } | null = null;
  for (let i = 0; i < opts.n; i++) {
    const signals: Record<string, number | null> = {};
    let logit = -SCORE_AT_EVEN_ODDS / POINTS_PER_LOGIT;
    names.forEach((name, j) => {
      if (rand() < unknown) {
        signals[name] = null;
        return;
      }
      const v = rand() < prevalence[j]! ? Math.round((0.5 + 0.5 * rand()) * 100) / 100 : 0;
      signals[name] = v;
      logit += (opts.trueWeights[name]! * v) / POINTS_PER_LOGIT;
    });
    const p = 1 / (1 + Math.exp(-logit));
    if (!campaign && rand() < (opts.campaignRate ?? 0))
      campaign = { id: `cmp_${i}`, left: 2 + Math.floor(rand() * 7) };
    const campaign_id = campaign ? campaign.id : null;
    if (campaign && --campaign.left === 0) campaign = null;
    out.push({
      label: rand() < p ? "confirmed" : "benign",
      signals,
      created_at: new Date(now.getTime() - rand() * (opts.spanDays ?? 60) * 86_400_000).toISOString(),
      campaign_id,
    });
  }
  return out;
}

/** ROC AUC of scores against labels (Mann-Whitney, ties counted half). */
export function rocAuc(scores: readonly number[], positives: readonly boolean[]): number {
  const idx = scores.map((s, i) => ({ s, pos: positives[i]! })).sort((a, b) => a.s - b.s);
  let rankSumPos = 0;
  let nPos = 0;
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j < idx.length && idx[j]!.s === idx[i]!.s) j++;
    const avgRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) {
      if (idx[k]!.pos) {
        rankSumPos += avgRank;
        nPos++;
      }
    }
    i = j;
  }
  const nNeg = idx.length - nPos;
  if (nPos === 0 || nNeg === 0) return 0.5;
  return (rankSumPos - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}
