// Learner benchmark (issue #6): on generated labelled findings whose true labels follow weights
// unlike the defaults, ROC AUC on held-out labels with the default and with the learned weights
// (unbounded, and bounded as the learner stores them: sign kept, x/÷ 2, issue 27), and the fit time
// for 500 samples. Exits 1 if the bounded learned weights do not beat the defaults.
import { performance } from "node:perf_hooks";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { DOMAIN_FLOORS, scoreWithSignals } from "@brandwarden/worker/capabilities/scoring/score";
import { fitWeights, type LabeledSample } from "@brandwarden/worker/capabilities/scoring/learner/fit";
import { boundWeights } from "@brandwarden/worker/capabilities/scoring/learner/bounds";
import { rocAuc, rotatedWeights, syntheticSamples } from "@brandwarden/worker/testing/synthetic-labels";

const NOW = new Date("2025-06-01T00:00:00Z");
const TRAIN = 500;
const TEST = 2000;
const SEEDS = [11, 22, 33, 44, 55];
const TIMING_RUNS = 21;
const names = Object.keys(DEFAULT_DOMAIN_WEIGHTS);
const truth = rotatedWeights(DEFAULT_DOMAIN_WEIGHTS);

/** AUC of the real scorer (weights, floors, 0-100 clamp) on held-out samples. */
function auc(weights: Record<string, number>, test: readonly LabeledSample[]): number {
  return rocAuc(
    test.map((s) => scoreWithSignals(s.signals, weights, DOMAIN_FLOORS, DEFAULT_DOMAIN_WEIGHTS).score),
    test.map((s) => s.label === "confirmed"),
  );
}

const fit = (train: readonly LabeledSample[]) =>
  fitWeights(train, { signalNames: names, now: NOW, priorWeights: DEFAULT_DOMAIN_WEIGHTS });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const f3 = (x: number) => x.toFixed(3);

console.log(
  `truth: default weight magnitudes rotated by 7 signals; ${TRAIN} training, ${TEST} held-out labels`,
);
console.log("seed  positives  AUC default  AUC learned  AUC bounded  AUC truth  campaigns");
const rows: Array<{ d: number; l: number; b: number }> = [];
for (const seed of SEEDS) {
  const common = { trueWeights: truth, now: NOW, campaignRate: 0.05 };
  const train = syntheticSamples({ ...common, n: TRAIN, seed });
  const test = syntheticSamples({ ...common, n: TEST, seed: seed + 1000 });
  const learned = fit(train).weights;
  const d = auc(DEFAULT_DOMAIN_WEIGHTS, test);
  const l = auc(learned, test);
  const b = auc(boundWeights(learned, [DEFAULT_DOMAIN_WEIGHTS]), test);
  const t = auc(truth, test);
  const pos = test.filter((s) => s.label === "confirmed").length / test.length;
  const campaigns = new Set(train.map((s) => s.campaign_id).filter(Boolean)).size;
  rows.push({ d, l, b });
  console.log(
    `${String(seed).padEnd(6)}${f3(pos).padEnd(11)}${f3(d).padEnd(13)}${f3(l).padEnd(13)}${f3(b).padEnd(13)}${f3(t).padEnd(11)}${campaigns}`,
  );
}
const meanD = rows.reduce((a, r) => a + r.d, 0) / rows.length;
const meanL = rows.reduce((a, r) => a + r.l, 0) / rows.length;
const meanB = rows.reduce((a, r) => a + r.b, 0) / rows.length;
console.log(
  `mean  AUC default ${f3(meanD)}  AUC learned ${f3(meanL)}  (+${f3(meanL - meanD)})  bounded ${f3(meanB)}  (+${f3(meanB - meanD)})`,
);

const timingSet = syntheticSamples({ trueWeights: truth, now: NOW, n: TRAIN, seed: 99 });
for (let i = 0; i < 3; i++) fit(timingSet); // warm-up
const times: number[] = [];
let iterations = 0;
for (let i = 0; i < TIMING_RUNS; i++) {
  const t0 = performance.now();
  iterations = fit(timingSet).iterations;
  times.push(performance.now() - t0);
}
console.log(
  `fit time, ${TRAIN} samples x ${names.length} signals: median ${median(times).toFixed(2)} ms over ${TIMING_RUNS} runs ` +
    `(min ${Math.min(...times).toFixed(2)}, max ${Math.max(...times).toFixed(2)}; ${iterations} Newton iterations)`,
);

// Issue 27's poisoning: 500 fresh benign labels on findings with the strongest evidence.
const poison: LabeledSample[] = Array.from({ length: TRAIN }, () => ({
  label: "benign",
  signals: { login_form: 1, screenshot_similarity: 1, threat_feed_hit: 1, resolves: 1 },
  created_at: NOW.toISOString(),
}));
const poisoned = fit(poison).weights;
const held = boundWeights(poisoned, [DEFAULT_DOMAIN_WEIGHTS]);
console.log(
  "poisoned fit (500 benign labels on login form + screenshot match + feed hit), default -> unbounded -> bounded: " +
    ["login_form", "screenshot_similarity", "threat_feed_hit"]
      .map((n) => `${n} ${DEFAULT_DOMAIN_WEIGHTS[n]} -> ${poisoned[n]} -> ${held[n]}`)
      .join(", "),
);

if (!rows.every((r) => r.b > r.d)) {
  console.error("FAIL: bounded learned weights did not beat the defaults on every seed");
  process.exit(1);
}
