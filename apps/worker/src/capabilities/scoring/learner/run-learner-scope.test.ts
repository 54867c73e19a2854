import { describe, expect, it } from "vitest";
import type { TFeedbackSample, TWeightSet, TWeightSetPut } from "@brandwarden/contract/scoring";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { weightBand } from "./bounds.ts";
import { runLearner } from "./run-learner.ts";

const NOW = new Date("2025-06-01T00:00:00Z");
const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

/** The web app's scoring API per scope: the platform's set and samples, and each user's. */
function scopedApi(samples: Record<string, TFeedbackSample[]>, platform?: Partial<TWeightSet>) {
  const sets = new Map<string | null, TWeightSet>();
  sets.set(null, {
    version: 0,
    weights: { ...DEFAULT_DOMAIN_WEIGHTS },
    source: "manual",
    sample_size: 0,
    user_id: null,
    ...platform,
  });
  const puts: Array<{ userId: string | null; body: TWeightSetPut }> = [];
  return {
    puts,
    sets,
    api: {
      getFeedbackSamples: async (userId?: string) => samples[userId ?? "platform"] ?? [],
      getCampaignStats: async () => [],
      getWeights: async (userId?: string) => sets.get(userId ?? null) ?? sets.get(null)!,
      putWeights: async (body: TWeightSetPut, userId?: string) => {
        puts.push({ userId: userId ?? null, body });
        const prev = sets.get(userId ?? null);
        const set: TWeightSet = {
          version: (prev?.version ?? 0) + 1,
          weights: body.weights,
          source: "learned",
          sample_size: body.sample_size ?? 0,
          user_id: userId ?? null,
        };
        sets.set(userId ?? null, set);
        return set;
      },
    },
  };
}

/** `n` labels of one user: phishing-like evidence, all with one label. */
const labels = (userId: string, n: number, label: "benign" | "confirmed"): TFeedbackSample[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: "domain",
    finding_id: `00000000-0000-4000-9000-${userId.slice(-1)}${String(i).padStart(11, "0")}`,
    label,
    reason: null,
    signals: { login_form: 1, screenshot_similarity: 1, threat_feed_hit: 1, resolves: 1 },
    ai_verdict: null,
    ai_confidence: null,
    adjusted_score: null,
    campaign_id: null,
    created_at: new Date(NOW.getTime() - i * 60_000).toISOString(),
    user_id: userId,
  }));

describe("runLearner per scope", () => {
  it("fits a user's labels into that user's own set, anchored on the platform's and bounded by it", async () => {
    const platform = { ...DEFAULT_DOMAIN_WEIGHTS, login_form: 20 };
    const f = scopedApi(
      { [A]: labels(A, 300, "benign") },
      { version: 4, weights: platform, source: "manual" },
    );
    const out = await runLearner(f.api, { now: NOW, userId: A });
    expect(out).toMatchObject({ action: "stored", version: 1, sample_size: 300 });
    expect(f.puts.map((p) => p.userId)).toEqual([A]);
    const own = f.sets.get(A)!.weights;
    // 300 benign labels on the strongest evidence push each weight down to half the platform's, no further.
    expect(own.login_form).toBe(10);
    expect(own.threat_feed_hit).toBe(15);
    for (const [name, ref] of Object.entries(platform)) {
      const [lo, hi] = weightBand(ref);
      expect(own[name], name).toBeGreaterThanOrEqual(lo);
      expect(own[name], name).toBeLessThanOrEqual(hi);
    }
    expect(f.sets.get(null)!.version).toBe(4);
  });

  it("moves a user's set at most x/÷ 2 per fit from the set it replaces", async () => {
    const f = scopedApi({ [A]: labels(A, 300, "confirmed") });
    f.sets.set(A, {
      version: 3,
      weights: { ...DEFAULT_DOMAIN_WEIGHTS, login_form: 9 },
      source: "learned",
      sample_size: 20,
      user_id: A,
    });
    await runLearner(f.api, { now: NOW, userId: A });
    // Anchor 15 allows up to 30; the replaced 9 allows up to 18.
    expect(f.sets.get(A)).toMatchObject({ version: 4, weights: { login_form: 18 } });
  });

  it("ignores, in a user's fit, a sample of another user", async () => {
    const f = scopedApi({ [A]: [...labels(A, 4, "confirmed"), ...labels(B, 20, "benign")] });
    expect(await runLearner(f.api, { now: NOW, userId: A })).toMatchObject({
      action: "skipped",
      sample_size: 4,
    });
  });

  it("caps one account's share of the platform's sample at 100 labels, whatever the web serves", async () => {
    const f = scopedApi({ platform: [...labels(B, 400, "benign"), ...labels(A, 30, "confirmed")] });
    expect(await runLearner(f.api, { now: NOW })).toMatchObject({ action: "stored", sample_size: 130 });
    expect(f.puts.map((p) => p.userId)).toEqual([null]);
    const set = f.sets.get(null)!;
    expect(set.weights.login_form).toBeGreaterThanOrEqual(7.5);
  });
});
