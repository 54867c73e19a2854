import { describe, expect, it } from "vitest";
import type {
  TCampaignCluster,
  TFeedbackSample,
  TWeightSet,
  TWeightSetPut,
} from "@brandwarden/contract/scoring";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { DEFAULT_SOCIAL_WEIGHTS } from "../../social/social-signals.ts";
import { DOMAIN_SIGNAL_SET, runLearner } from "./run-learner.ts";
import { rotatedWeights, syntheticSamples } from "../../../../testing/synthetic-labels.ts";

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

  it("learns from ten mixed labels: the minimum counts domain and social labels together", async () => {
    const both = [DOMAIN_SIGNAL_SET, { kind: "social" as const, defaults: DEFAULT_SOCIAL_WEIGHTS }];
    const { api, puts } = fakeApi([...toFeedback(5), ...toFeedback(5, "social", 2)]);
    const out = await runLearner(api, { now: NOW, signalSets: both });
    expect(out.action).toBe("stored");
    if (out.action !== "stored") return;
    expect(out.sample_size).toBe(10);
    expect(out.learned.map((l) => [l.kind, l.sample_size])).toEqual([
      ["domain", 5],
      ["social", 5],
    ]);
    expect(puts[0]!.sample_size).toBe(10);
    const nine = fakeApi([...toFeedback(5), ...toFeedback(4, "social", 2)]);
    expect(await runLearner(nine.api, { now: NOW, signalSets: both })).toMatchObject({
      action: "skipped",
      sample_size: 9,
    });
  });

  it("trains on a relabelled finding once, with its newest label", async () => {
    const samples = toFeedback(10);
    // The first finding relabelled later: both samples served, the newer first.
    const older = { ...samples[0]!, label: "confirmed" as const, created_at: "2025-05-01T00:00:00.000Z" };
    const newer = { ...samples[0]!, label: "benign" as const, created_at: "2025-05-20T00:00:00.000Z" };
    const relabelled = fakeApi([newer, ...samples.slice(1), older]);
    const out = await runLearner(relabelled.api, { now: NOW });
    expect(out).toMatchObject({ action: "stored", sample_size: 10 });
    const once = fakeApi([newer, ...samples.slice(1)]);
    await runLearner(once.api, { now: NOW });
    expect(relabelled.puts[0]!.weights).toEqual(once.puts[0]!.weights);
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

  it("takes no campaign context from the brand's own registrations", async () => {
    const samples = toFeedback(40).map((s, i) => ({
      ...s,
      label: (i < 20 ? "confirmed" : "benign") as "confirmed" | "benign",
      campaign_id: i < 20 ? `def_${i % 10}` : null,
      signals: { ...s.signals, campaign_membership: null },
    }));
    const groups = (kind: "defensive" | undefined): TCampaignCluster[] =>
      Array.from({ length: 10 }, (_, k) => ({
        campaign_id: `00000000-0000-4000-8000-000000000000/def_${k}`,
        size: 9,
        domains: [],
        // As a strong key would look, to show it is skipped for being defensive, not weak.
        keys: ["ip:203.0.113.1", "cert:sha256:aa"],
        earliest_registration: null,
        latest_registration: null,
        ...(kind ? { kind } : {}),
      }));
    for (const kind of ["defensive", undefined] as const) {
      const f = fakeApi(samples, groups(kind));
      await runLearner(f.api, { now: NOW });
      expect(f.puts[0]!.weights.campaign_membership).toBe(DEFAULT_DOMAIN_WEIGHTS.campaign_membership);
    }
  });
});
