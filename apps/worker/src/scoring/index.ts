/** Scoring (issue #6): 29 domain signals, the scorer with floors, and the weight learner. */
export { scoreFinding, scoreWithSignals, DOMAIN_FLOORS } from "./score.ts";
export type { ScoreFloor, ScoreResult } from "./score.ts";
export { computeDomainSignals, DOMAIN_SIGNAL_FNS } from "./signals/index.ts";
export type { DomainSignalFn, SignalValues } from "./signals/index.ts";
export { brandContextFromScan } from "./evidence.ts";
export type {
  BrandContext,
  BrandSiteProfile,
  CampaignContext,
  DomainEvidence,
  SignalContext,
} from "./evidence.ts";
export { fitWeights, POINTS_PER_LOGIT, SCORE_AT_EVEN_ODDS } from "./learner/fit.ts";
export type { FitOptions, FitResult, LabeledSample } from "./learner/fit.ts";
export {
  decayWeight,
  sampleWeights,
  shouldLearn,
  DEFAULT_MIN_LABELED_SAMPLES,
  DEFAULT_WEIGHTS_DECAY_DAYS,
} from "./learner/sample-weights.ts";
export { runLearner, DOMAIN_SIGNAL_SET } from "./learner/run-learner.ts";
export type { LearnerOutcome, RunLearnerOptions, SignalSet } from "./learner/run-learner.ts";
