import { describe, expect, it } from "vitest";
import type {
  TCampaignCluster,
  TFeedbackSample,
  TWeightSet,
  TWeightSetPut,
} from "@brandwarden/contract/scoring";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { runLearner } from "./run-learner.ts";
import { rotatedWeights, syntheticSamples } from "./synthetic.ts";

const NOW = new Date("2025-06-01T00:00:00Z");

function fakeApi(samples: TFeedbackSample[], clusters: TCampaignCluster[] = [], current?: TWeightSet) {
  const puts: TWeightSetPut[] = [];
  let latest: TWeightSet = current ?? {
    version: 0,
    weights: { ...DEFAULT_DOMAIN_WEIGHTS },
    source: "manual",
    sample_size: 0,
  };
  return {
    puts,
    api: {
      getFeedbackSamples: async () => samples,
      getCampaignStats: async () => clusters,
      getWeights: async () => latest,
      putWeights: async (body: TWeightSetPut) => {
        puts.push(body);
        latest = {
          version: latest.version + 1,
          weights: body.weights,
          source: "learned",
          sample_size: body.sample_size ?? 0,
        };
        return latest;
      },
    },
  };
}

const toFeedback = (n: number, kind: "domain" | "social" = "domain", seed = 1): TFeedbackSample[] =>
  syntheticSamples({ n, trueWeights: rotatedWeights(DEFAULT_DOMAIN_WEIGHTS), seed, now: NOW }).map(
    (s, i) => ({
      kind,
      finding_id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      label: s.label,
      reason: null,
      signals: s.signals,
      ai_verdict: null,
      ai_confidence: null,
      adjusted_score: null,
      campaign_id: s.campaign_id ?? null,
      created_at: s.created_at,
    }),
  );

describe("runLearner", () => {
  it("stores nothing below MIN_LABELED_SAMPLES, and says so", async () => {
    const { api, puts } = fakeApi(toFeedback(9));
    const out = await runLearner(api, { now: NOW });
    expect(out).toEqual({
      action: "skipped",
      reason: "too_few_samples",
      sample_size: 9,
      min: 10,
      version: 0,
    });
    expect(puts).toEqual([]);
  });

  it("counts only labels of the kinds it learns (social labels do not make up the domain minimum)", async () => {
    const { api, puts } = fakeApi([...toFeedback(5), ...toFeedback(20, "social", 2)]);
    expect((await runLearner(api, { now: NOW })).action).toBe("skipped");
    expect(puts).toEqual([]);
  });

  it("fits and stores a full weight set with sample_size at the minimum and above", async () => {
    const { api, puts } = fakeApi(toFeedback(300));
    const out = await runLearner(api, { now: NOW, minLabeledSamples: 10 });
    expect(out.action).toBe("stored");
    if (out.action !== "stored") return;
    expect(out.version).toBe(1);
    expect(out.sample_size).toBe(300);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.sample_size).toBe(300);
    expect(Object.keys(puts[0]!.weights).sort()).toEqual(Object.keys(DEFAULT_DOMAIN_WEIGHTS).sort());
    expect(puts[0]!.weights).not.toEqual(DEFAULT_DOMAIN_WEIGHTS);
  });

  it("honours a custom minimum", async () => {
    const { api } = fakeApi(toFeedback(30));
    expect((await runLearner(api, { now: NOW, minLabeledSamples: 31 })).action).toBe("skipped");
    expect((await runLearner(api, { now: NOW, minLabeledSamples: 30 })).action).toBe("stored");
  });

  it("fills campaign_membership from the campaign statistics when a sample lacks it", async () => {
    const samples = toFeedback(40).map((s, i) => ({
      ...s,
      label: (i < 20 ? "confirmed" : "benign") as "confirmed" | "benign",
      campaign_id: i < 20 ? `cmp_${i % 10}` : null,
      signals: { ...s.signals, campaign_membership: null },
    }));
    const clusters: TCampaignCluster[] = Array.from({ length: 10 }, (_, k) => ({
      campaign_id: `00000000-0000-4000-8000-000000000000/cmp_${k}`,
      size: 9,
      domains: [],
      keys: ["ip:203.0.113.1"],
      earliest_registration: null,
      latest_registration: null,
    }));
    const withStats = fakeApi(samples, clusters);
    const without = fakeApi(samples);
    await runLearner(withStats.api, { now: NOW });
    await runLearner(without.api, { now: NOW });
    const w = (f: typeof withStats) => f.puts[0]!.weights.campaign_membership!;
    expect(w(withStats)).toBeGreaterThan(w(without));
    expect(w(without)).toBe(DEFAULT_DOMAIN_WEIGHTS.campaign_membership); // no evidence: prior kept
  });
});
