import type { Command } from "commander";
import { loadWorkerConfig } from "@brandwarden/worker/config";
import { createWebClient } from "@brandwarden/worker/internal-api/web-client";
import { DOMAIN_SIGNAL_SET, runLearner } from "@brandwarden/worker/scoring/index";
import { DEFAULT_SOCIAL_WEIGHTS } from "@brandwarden/worker/social/social-signals";

/** `brandwarden learn`: fits weights from analysts' labels now, as the score stage does before each scan. */
export function registerLearnCommand(program: Command): void {
  program
    .command("learn")
    .description("Fit signal weights from analysts' labels (via the web app's internal API) and store them")
    .action(async () => {
      const config = loadWorkerConfig();
      const outcome = await runLearner(
        createWebClient({ baseUrl: config.webUrl, token: config.internalApiToken ?? "" }),
        {
          minLabeledSamples: config.pipeline.minLabeledSamples,
          decayDays: config.pipeline.weightsDecayDays,
          signalSets: [DOMAIN_SIGNAL_SET, { kind: "social", defaults: DEFAULT_SOCIAL_WEIGHTS }],
        },
      );
      if (outcome.action === "stored") {
        console.log(`stored weights version ${outcome.version} learned from ${outcome.sample_size} labels`);
      } else {
        console.log(
          `kept weights version ${outcome.version}: ${outcome.sample_size} labels, at least ${outcome.min} needed`,
        );
      }
    });
}
