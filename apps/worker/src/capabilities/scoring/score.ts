/**
 * The scorer: signal values times weights, summed to a 0-100 score, raised to a floor when a
 * strong combination is present. Generic over the signal set, so social findings use the same
 * code with their own signals, weights and floors.
 */
import { severityForScore, type TSeverity } from "@brandwarden/contract/common";
import type { TSignals } from "@brandwarden/contract/findings";
import type { TWeights } from "@brandwarden/contract/scoring";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import type { BrandContext } from "../brand/brand-context.ts";
import type { DomainEvidence } from "./evidence.ts";
import { computeDomainSignals, type SignalValues } from "./signals/index.ts";

/** A minimum score that applies when a strong combination of evidence is present. */
export interface ScoreFloor {
  name: string;
  /** The score is at least this when `when` holds. */
  min: number;
  about: string;
  when: (values: SignalValues) => boolean;
}

export interface ScoreResult {
  score: number;
  severity: TSeverity;
  /** Every signal of the set with its value, the weight used and the points it added. */
  signals: TSignals;
  /** Names of the floors that raised the score. */
  floors: string[];
}

const HIGH = 60;
const at = (v: SignalValues, name: string) => v[name] ?? 0;

/**
 * Domain floors. Neither applies when the name redirects to the brand: then the page with the
 * form is the brand's own.
 */
export const DOMAIN_FLOORS: readonly ScoreFloor[] = [
  {
    name: "threat_feed_listed",
    min: HIGH,
    about: "A threat feed lists the name or one of its URLs: at least high",
    when: (v) => at(v, "threat_feed_hit") >= 1 && at(v, "redirects_to_brand") < 1,
  },
  {
    name: "login_on_brand_lookalike_page",
    min: HIGH,
    about: "A login form on a page that looks like the brand's (screenshot, HTML or favicon): at least high",
    when: (v) =>
      at(v, "login_form") >= 1 &&
      at(v, "redirects_to_brand") < 1 &&
      (at(v, "screenshot_similarity") >= 0.7 ||
        at(v, "html_similarity") >= 0.7 ||
        at(v, "favicon_logo_match") >= 1),
  },
];

const round = (x: number, places = 2) => Math.round(x * 10 ** places) / 10 ** places;

/**
 * Scores signal values: points = weight x value for every known value; an unknown (null)
 * contributes 0 whatever the sign of its weight, so missing evidence never lowers the score.
 * A signal missing from `weights` uses `fallbackWeights`; names outside the set are ignored.
 */
export function scoreWithSignals(
  values: SignalValues,
  weights: TWeights,
  floors: readonly ScoreFloor[] = [],
  fallbackWeights: TWeights = {},
): ScoreResult {
  const signals: TSignals = {};
  let raw = 0;
  for (const [name, value] of Object.entries(values)) {
    const weight = weights[name] ?? fallbackWeights[name] ?? 0;
    const points = value === null ? 0 : weight * value;
    raw += points;
    signals[name] = { value, weight, points: round(points) };
  }
  let score = Math.min(100, Math.max(0, raw));
  const applied: string[] = [];
  for (const f of floors) {
    if (f.when(values) && score < f.min) {
      score = f.min;
      applied.push(f.name);
    }
  }
  score = round(score, 1);
  return { score, severity: severityForScore(score), signals, floors: applied };
}

/** Scores one domain finding with the 29 domain signals and floors. */
export function scoreFinding(
  evidence: DomainEvidence,
  brand: BrandContext,
  weights: TWeights = DEFAULT_DOMAIN_WEIGHTS,
  now: Date = new Date(),
): ScoreResult {
  const values = computeDomainSignals(evidence, { brand, now });
  const result = scoreWithSignals(values, weights, DOMAIN_FLOORS, DEFAULT_DOMAIN_WEIGHTS);
  return evidence.campaign && evidence.campaign.kind === "defensive"
    ? capDefensive(result, evidence)
    : result;
}

/** The highest score of a probable defensive registration: `low` at most. */
const DEFENSIVE_SCORE_CAP = 30;

/**
 * Evidence no defensive registration shows and that a clustering guess must never hide: a
 * login or password form on a page of its own (not the brand's page it forwards to), a
 * threat-feed listing, or the AI review's malicious verdict.
 */
function hardEvidence(evidence: DomainEvidence): string[] {
  const out: string[] = [];
  const ownPage = evidence.redirects_to_brand !== true;
  if (ownPage && (evidence.login_form === true || evidence.password_form === true)) out.push("login form");
  if ((evidence.threat_feed_hits?.length ?? 0) > 0) out.push("threat-feed listing");
  if (evidence.ai_verdict === "malicious") out.push("malicious AI verdict");
  return out;
}

/**
 * A name grouped with the brand's own registrations (one strong reason or two weak ones, see
 * campaigns/defensive.ts) is reported info/low, unless it shows hard evidence of an attack:
 * then the grouping is wrong and the score stands.
 */
function capDefensive(result: ScoreResult, evidence: DomainEvidence): ScoreResult {
  if (result.score <= DEFENSIVE_SCORE_CAP || hardEvidence(evidence).length) return result;
  const score = DEFENSIVE_SCORE_CAP;
  return { ...result, score, severity: severityForScore(score) };
}
