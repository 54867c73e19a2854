import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import type { TDomainFindingDelta } from "@brandwarden/contract/findings";
import { campaignContextOf } from "../../../capabilities/campaigns/cluster.ts";
import { clusterScan } from "../../../capabilities/campaigns/scan-clusters.ts";
import { feedQueryOf } from "../../../capabilities/feeds/feed-index.ts";
import type { FeedLoadResult } from "../../../capabilities/feeds/loader.ts";
import type { ScoringApi } from "../../../ports/web-api/web-api.port.ts";
import { brandContextFromScan } from "../../../capabilities/brand/brand-context.ts";
import type { DomainEvidence } from "../../../capabilities/scoring/evidence.ts";
import { DOMAIN_SIGNAL_SET, runLearner } from "../../../capabilities/scoring/learner/run-learner.ts";
import { scoreFinding } from "../../../capabilities/scoring/score.ts";
import { DEFAULT_SOCIAL_WEIGHTS } from "../../../capabilities/social/social-signals.ts";
import type { ScoredFinding } from "../scan-data.ts";
import { throwIfCancelled, waitingForWeights, type StageDef } from "../stage.ts";

const BATCH = 500;

export interface ScoreStageDeps {
  /** The web app's scoring API; null when the scan runs without it (the CLI): default weights. */
  scoring: ScoringApi | null;
  /** Threat feeds, loaded (or served from cache) once per stage. */
  loadFeeds: () => Promise<FeedLoadResult>;
  minLabeledSamples: number;
  decayDays: number;
}

/**
 * `score`: learns weights from analysts' labels (the platform's from trusted accounts', then the
 * scan's user's own, each when enough), reads the set that scores this user's scans, matches
 * threat feeds, clusters campaigns, and scores every finding; publishes the scores as deltas.
 */
export function scoreStage(deps: ScoreStageDeps): StageDef {
  return {
    name: "score",
    output: "scored",
    async run(ctx) {
      const candidates = ctx.data.resolved ?? [];
      let weights: Record<string, number> = DEFAULT_DOMAIN_WEIGHTS;
      if (deps.scoring) {
        const userId = ctx.payload.user_id;
        const learn = (scope?: string) =>
          runLearner(deps.scoring!, {
            userId: scope,
            minLabeledSamples: deps.minLabeledSamples,
            decayDays: deps.decayDays,
            signalSets: [DOMAIN_SIGNAL_SET, { kind: "social", defaults: DEFAULT_SOCIAL_WEIGHTS }],
          });
        // The platform's set first (trusted accounts' labels): it is the anchor of the user's own.
        try {
          const platform = await learn();
          if (platform.action === "stored")
            await ctx.log(
              "info",
              `learned platform weights v${platform.version} from ${platform.sample_size} trusted labels`,
            );
        } catch (err) {
          await ctx.log("warn", `platform learner did not run: ${(err as Error).message}`, "learner_failed");
        }
        try {
          const learned = await learn(userId);
          await ctx.log(
            "info",
            learned.action === "stored"
              ? `learned your weights v${learned.version} from ${learned.sample_size} of your labels`
              : `kept weights: ${learned.sample_size} of your labels, ${learned.min} needed to learn`,
          );
        } catch (err) {
          await ctx.log("warn", `learner did not run: ${(err as Error).message}`, "learner_failed");
        }
        try {
          const set = await deps.scoring.getWeights(userId, { onWait: waitingForWeights(ctx) });
          weights = set.weights;
          await ctx.log(
            "info",
            set.user_id
              ? `scoring with your own learned weights v${set.version} (${set.sample_size} labels)`
              : `scoring with the platform's weights v${set.version} (${set.source})`,
          );
        } catch (err) {
          await ctx.log("warn", `using default weights: ${(err as Error).message}`, "weights_unavailable");
        }
      }
      throwIfCancelled(ctx.signal);

      const feeds = await deps.loadFeeds();
      for (const r of feeds.reports) {
        if (r.status === "down" || r.status === "malformed") {
          await ctx.log(
            "warn",
            `threat feed ${r.feed} ${r.status}${r.stale ? " (using its last good copy)" : ", skipped"}: ${r.error ?? ""}`,
            "feed_unavailable",
          );
        }
      }

      const evidence: DomainEvidence[] = candidates.map((c) => ({
        ...c,
        ...(ctx.data.enriched?.[c.domain] ?? {}),
      }));
      const brand = brandContextFromScan(ctx.payload);
      // Campaigns, with each key's rarity over earlier scans when the web application answers.
      const clusters = await clusterScan(evidence, ctx.payload, deps.scoring);
      if (clusters.historyError)
        await ctx.log(
          "warn",
          `campaign key history unavailable: ${clusters.historyError}`,
          "key_history_failed",
        );
      const scored: Record<string, ScoredFinding> = {};
      const now = new Date();
      let batch: TDomainFindingDelta[] = [];
      for (const [i, ev] of evidence.entries()) {
        if (i % 200 === 0) throwIfCancelled(ctx.signal);
        const campaign = campaignContextOf(clusters, ev.domain);
        const hits = feeds.index.match(feedQueryOf(ev));
        const result = scoreFinding({ ...ev, campaign, threat_feed_hits: hits }, brand, weights, now);
        const s: ScoredFinding = {
          score: result.score,
          severity: result.severity,
          signals: result.signals,
          campaign_id: campaign ? campaign.campaign_id : null,
          campaign_keys: campaign ? [...campaign.keys] : null,
          threat_feed_hits: hits,
        };
        scored[ev.domain] = s;
        batch.push({ domain: ev.domain, ...s });
        if (batch.length >= BATCH) {
          await ctx.publisher.publish("findings_delta", { findings: batch });
          batch = [];
        }
        ctx.progress(i + 1, evidence.length);
      }
      if (batch.length) await ctx.publisher.publish("findings_delta", { findings: batch });
      ctx.data.scored = scored;
      const campaigns = clusters.clusters.length;
      await ctx.log(
        "info",
        `scored ${evidence.length} findings; ${campaigns} campaign${campaigns === 1 ? "" : "s"}`,
      );
    },
  };
}
