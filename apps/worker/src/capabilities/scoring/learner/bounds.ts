/**
 * What one fit may do to the weights, whatever the labels: a weight keeps the sign of its
 * reference and moves by at most a factor (x/÷ 2) from it. Labels are anyone's input, so a
 * flood of one-sided labels can at worst halve or double a signal, never turn evidence of abuse
 * into evidence against it (a login form on a lookalike may never lower its score).
 */
import type { TWeights } from "@brandwarden/contract/scoring";

/** A fit moves a weight by at most this factor from each reference (×/÷). */
const MAX_FACTOR_PER_FIT = 2;

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The band a weight may take around a reference `ref`: [ref/f, ref·f] for a positive one,
 * [ref·f, ref/f] for a negative one, and exactly 0 for 0 (no sign to keep).
 */
export function weightBand(ref: number, factor: number = MAX_FACTOR_PER_FIT): [number, number] {
  const f = Math.max(1, factor);
  return ref >= 0 ? [ref / f, ref * f] : [ref * f, ref / f];
}

/**
 * Clamps each fitted weight into the band of each reference in turn (the last wins where the
 * bands do not overlap); a signal no reference names is kept as fitted. References: the set the
 * fit replaces, then the anchor it was shrunk towards.
 */
export function boundWeights(
  fitted: TWeights,
  references: ReadonlyArray<TWeights | null | undefined>,
  factor: number = MAX_FACTOR_PER_FIT,
): TWeights {
  const out: TWeights = {};
  for (const [name, value] of Object.entries(fitted)) {
    let v = value;
    for (const ref of references) {
      const r = ref?.[name];
      if (r === undefined || !Number.isFinite(r)) continue;
      const [lo, hi] = weightBand(r, factor);
      v = Math.min(hi, Math.max(lo, v));
    }
    out[name] = round2(v);
  }
  return out;
}
