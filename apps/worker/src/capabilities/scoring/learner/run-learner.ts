/**
 * One learner run, for one scope: a user (their own labels into a set that scores only their
 * scans, anchored on the platform's set) or the platform (trusted accounts' labels, each
 * account's share capped, anchored on an admin's manual set or the defaults). Reads labels,
 * campaign context and the current weights from the web application, fits, bounds the fit
 * (bounds.ts) and stores a new weight set; or stores nothing below MIN_LABELED_SAMPLES.
 * The only I/O is through the injected API client.
 */
import { isDefensiveCampaign } from "@brandwarden/contract/campaign-describe";
import type { TFindingKind } from "@brandwarden/contract/common";
import type { TCampaignCluster, TFeedbackSample, TWeights } from "@brandwarden/contract/scoring";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { capUserShare } from "@brandwarden/contract/sample-share";
import { FEEDBACK_SAMPLES_LIMIT } from "@brandwarden/contract/scoring";
import { campaignStrength } from "../../provider-facts/key-strength.ts";
import type { ScoringApi } from "../../../ports/web-api/web-api.port.ts";
import { boundWeights } from "./bounds.ts";
import { fitWeights, type FitResult, type LabeledSample } from "./fit.ts";
import { DEFAULT_MIN_LABELED_SAMPLES, DEFAULT_WEIGHTS_DECAY_DAYS, shouldLearn } from "./sample-weights.ts";

/** A family of signals learned from one kind of finding (social adds its own set). */
export interface SignalSet {
  kind: TFindingKind;
  defaults: TWeights;
}

export const DOMAIN_SIGNAL_SET: SignalSet = { kind: "domain", defaults: DEFAULT_DOMAIN_WEIGHTS };

export interface RunLearnerOptions {
  /** Whose labels and weight set: a user's own; absent, the platform's (trusted accounts' labels). */
  userId?: string;
  now?: Date;
  /** MIN_LABELED_SAMPLES (default 10). */
  minLabeledSamples?: number;
  /** WEIGHTS_DECAY_DAYS (default 90). */
  decayDays?: number;
  l2?: number;
  signalSets?: readonly SignalSet[];
}

interface LearnedSet {
  kind: TFindingKind;
  sample_size: number;
  effective_size: number;
  converged: boolean;
}

export type LearnerOutcome =
  | { action: "stored"; version: number; sample_size: number; weights: TWeights; learned: LearnedSet[] }
  | { action: "skipped"; reason: "too_few_samples"; sample_size: number; min: number; version: number };

type Api = Pick<ScoringApi, "getFeedbackSamples" | "getCampaignStats" | "getWeights" | "putWeights">;

/**
 * The web application reports clusters per scan as `<scan_id>/<campaign_id>`; a sample carries
 * the bare campaign id. Ids hash the member domains, so the same campaign seen by two scans
 * has one id and counts once. Defensive groups (the brand's own registrations) are skipped.
 */
function clusterIndex(
  clusters: readonly TCampaignCluster[],
): Map<string, { size: number; keys: Set<string> }> {
  const out = new Map<string, { size: number; keys: Set<string> }>();
  for (const c of clusters) {
    const id = c.campaign_id.slice(c.campaign_id.lastIndexOf("/") + 1);
    // The brand's own registrations are no campaign: they give no campaign context.
    if (c.kind === "defensive" || isDefensiveCampaign(id)) continue;
    const entry = out.get(id) ?? { size: 0, keys: new Set<string>() };
    entry.size = Math.max(entry.size, c.size);
    for (const k of c.keys) entry.keys.add(k);
    out.set(id, entry);
  }
  return out;
}

/**
 * Campaign context for the fit (contract rule 9): a sample labelled before clustering ran has
 * no campaign_membership value; the cluster statistics supply it.
 */
function withCampaignContext(s: TFeedbackSample, clusters: ReturnType<typeof clusterIndex>): LabeledSample {
  const c = s.campaign_id ? clusters.get(s.campaign_id) : undefined;
  if (!c || s.signals.campaign_membership != null) return s;
  return { ...s, signals: { ...s.signals, campaign_membership: campaignStrength(c.size, [...c.keys]) } };
}

/**
 * One sample per finding, its newest label (samples come newest first): a relabelled finding
 * must not train on both its old and its new label. The web application already serves it so;
 * this keeps an older one from feeding contradictions.
 */
function latestPerFinding(samples: readonly TFeedbackSample[]): TFeedbackSample[] {
  const seen = new Set<string>();
  const newestFirst = [...samples].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return newestFirst.filter((s) => {
    const key = `${s.kind}/${s.finding_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function runLearner(api: Api, opts: RunLearnerOptions = {}): Promise<LearnerOutcome> {
  const now = opts.now ?? new Date();
  const min = opts.minLabeledSamples ?? DEFAULT_MIN_LABELED_SAMPLES;
  const sets = opts.signalSets ?? [DOMAIN_SIGNAL_SET];
  const userId = opts.userId;
  const [samples, clusters, platform, current] = await Promise.all([
    api.getFeedbackSamples(userId),
    api.getCampaignStats(userId),
    api.getWeights(),
    userId === undefined ? null : api.getWeights(userId),
  ]);
  const index = clusterIndex(clusters);
  // Rule 7 counts the labelled samples together, whatever their kind: ten mixed labels are ten.
  let labeled = latestPerFinding(samples).filter((s) => sets.some((set) => set.kind === s.kind));
  // A user's fit reads only that user's labels; the shared one caps each account's share. The web
  // application already serves them so; the learner holds to it whatever it is served.
  if (userId !== undefined) labeled = labeled.filter((s) => s.user_id === undefined || s.user_id === userId);
  else labeled = capUserShare(labeled, (s) => s.user_id, FEEDBACK_SAMPLES_LIMIT);
  const replaced = current ?? platform;
  if (!shouldLearn(labeled.length, min)) {
    return {
      action: "skipped",
      reason: "too_few_samples",
      sample_size: labeled.length,
      min,
      version: replaced.version,
    };
  }
  // The set this fit replaces in its own scope (none yet: nothing to bound against but the anchor).
  const previous =
    userId === undefined ? (platform.version > 0 ? platform : null) : current?.user_id ? current : null;

  const learned: LearnedSet[] = [];
  const merged: TWeights = { ...replaced.weights };
  let used = 0;
  for (const set of sets) {
    const ofKind = labeled.filter((s) => s.kind === set.kind).map((s) => withCampaignContext(s, index));
    if (ofKind.length === 0) continue;
    // Shrink towards an anchor, not the last learned set: the same labels fitted again would
    // otherwise count once more on every run. A user's anchor is the platform's set (what scores
    // them without labels); the platform's is a manual set or the defaults. The shrinkage also
    // keeps a kind with few labels close to its anchor.
    const anchor =
      userId !== undefined
        ? { ...set.defaults, ...platform.weights }
        : platform.source === "manual"
          ? { ...set.defaults, ...platform.weights }
          : set.defaults;
    const fit: FitResult = fitWeights(ofKind, {
      signalNames: Object.keys(set.defaults),
      now,
      decayDays: opts.decayDays ?? DEFAULT_WEIGHTS_DECAY_DAYS,
      priorWeights: anchor,
      l2: opts.l2,
    });
    // Whatever the labels: no sign flips, at most x/÷ 2 from the replaced set and the anchor.
    Object.assign(merged, boundWeights(fit.weights, [previous?.weights, anchor]));
    used += fit.sample_size;
    learned.push({
      kind: set.kind,
      sample_size: fit.sample_size,
      effective_size: fit.effective_size,
      converged: fit.converged,
    });
  }
  const stored = await api.putWeights({ weights: merged, sample_size: used }, userId);
  return { action: "stored", version: stored.version, sample_size: used, weights: stored.weights, learned };
}
