import type { TWeights } from "@brandwarden/contract/scoring";
import { scoreWithSignals, type ScoreResult } from "../scoring/score.ts";
import { DEFAULT_SOCIAL_WEIGHTS, SOCIAL_FLOORS, type SocialSignalValues } from "./social-signals.ts";

// Social findings go through the shared scorer (unknown never lowers, clamp 0..100, floors,
// severity bands from the contract) with their own signal set, weights and floors.

export function scoreSocial(
  values: SocialSignalValues,
  weights: TWeights = DEFAULT_SOCIAL_WEIGHTS,
): ScoreResult {
  return scoreWithSignals(values, weights, SOCIAL_FLOORS, DEFAULT_SOCIAL_WEIGHTS);
}
