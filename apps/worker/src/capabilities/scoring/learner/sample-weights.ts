/**
 * How much each labelled sample counts in a fit: recency decay, and one vote per campaign.
 */
import { DAY_MS } from "../evidence.ts";

export const DEFAULT_WEIGHTS_DECAY_DAYS = 90;
export const DEFAULT_MIN_LABELED_SAMPLES = 10;

/**
 * Recency decay: exp(-age / decayDays), so a label `decayDays` old counts 1/e (0.37) of a fresh
 * one, and one twice that old 0.14 (half-life = decayDays x ln 2, 62 days at the default 90).
 * Analysts' judgement and attackers' habits drift; old labels should fade, not vanish.
 * A sample dated in the future counts as fresh.
 */
export function decayWeight(createdAt: string, now: Date, decayDays: number): number {
  const t = Date.parse(createdAt);
  if (Number.isNaN(t)) return 0;
  const age = Math.max(0, (now.getTime() - t) / DAY_MS);
  return Math.exp(-age / Math.max(decayDays, 1e-9));
}

/**
 * Per-sample weights: decay divided by the number of labelled samples of the same campaign, so
 * a campaign of forty labelled lookalikes weighs as much as one finding, not forty
 * (they are one decision by one actor, and would otherwise drown the rest).
 */
export function sampleWeights(
  samples: ReadonlyArray<{ created_at: string }>,
  campaignOf: (index: number) => string | null,
  now: Date,
  decayDays: number,
): number[] {
  const counts = new Map<string, number>();
  samples.forEach((_, i) => {
    const c = campaignOf(i);
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  });
  return samples.map((s, i) => {
    const c = campaignOf(i);
    return decayWeight(s.created_at, now, decayDays) / (c ? counts.get(c)! : 1);
  });
}

/** The minimum-sample rule: learn only from at least `min` labels (contract rule 7). */
export function shouldLearn(labeled: number, min: number = DEFAULT_MIN_LABELED_SAMPLES): boolean {
  return labeled >= min;
}
