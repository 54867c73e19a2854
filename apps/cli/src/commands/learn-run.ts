import { loadWorkerConfig } from "@brandwarden/worker/config";
import { createWebClient } from "@brandwarden/worker/ports/web-api/web-client";
import { DOMAIN_SIGNAL_SET, runLearner } from "@brandwarden/worker/capabilities/scoring/learner/run-learner";
import { DEFAULT_SOCIAL_WEIGHTS } from "@brandwarden/worker/capabilities/social/social-signals";

/** `brandwarden learn [--user <id>]`: fits weights from analysts' labels now, as the score stage does before each scan. */
export async function runLearn(opts: { user?: string } = {}): Promise<void> {
  const config = loadWorkerConfig();
  const outcome = await runLearner(
    createWebClient({ baseUrl: config.webUrl, token: config.internalApiToken ?? "" }),
    {
      userId: opts.user,
      minLabeledSamples: config.pipeline.minLabeledSamples,
      decayDays: config.pipeline.weightsDecayDays,
      signalSets: [DOMAIN_SIGNAL_SET, { kind: "social", defaults: DEFAULT_SOCIAL_WEIGHTS }],
    },
  );
  const whose = opts.user ? `user ${opts.user}'s` : "the platform's";
  if (outcome.action === "stored") {
    console.log(
      `stored ${whose} weights version ${outcome.version} learned from ${outcome.sample_size} labels`,
    );
  } else {
    console.log(
      `kept ${whose} weights version ${outcome.version}: ${outcome.sample_size} labels, at least ${outcome.min} needed`,
    );
  }
}
