import type { TScanStage } from "@brandwarden/contract/constants";
import type { WorkerConfig } from "../config.ts";
import type { Enricher } from "../enrich/enricher.ts";
import type { FeedLoadResult } from "../feeds/loader.ts";
import type { ScoringApi } from "../internal-api/web-client.ts";
import type { Resolver } from "../resolve/types.ts";
import type { StageDef } from "./stage.ts";
import { auditStage, type AuditStageDeps } from "./stages/audit-stage.ts";
import { enrichStage } from "./stages/enrich-stage.ts";
import { generateStage } from "./stages/generate-stage.ts";
import { discoveryHooks } from "../discovery/ct/ct-scan-step.ts";
import { resolveStage } from "./stages/resolve-stage.ts";
import { scoreStage } from "./stages/score-stage.ts";
import { skippedStage } from "./stages/skipped-stage.ts";
import { socialStage } from "./stages/social-stage.ts";
import type { SocialRuntime } from "../social/social-runtime.ts";

/** The six stages of a scan, in the order DESIGN.md gives them. */
export function buildStages(deps: {
  config: WorkerConfig;
  resolver: Resolver;
  enricher: Enricher;
  social: SocialRuntime;
  scoring: ScoringApi | null;
  loadFeeds: () => Promise<FeedLoadResult>;
  /** The AI audit's web API and AI settings; absent: the stage is skipped. */
  audit?: AuditStageDeps;
  /** Stages not to run, with why (the command line's --stages): they complete as skipped. */
  skip?: Partial<Record<TScanStage, string>>;
}): StageDef[] {
  const { pipeline, enrich } = deps.config;
  const stages = [
    generateStage({ maxCandidates: pipeline.maxCandidates, discover: discoveryHooks(deps.config) }),
    resolveStage({ resolver: deps.resolver }),
    enrichStage({ enricher: deps.enricher, concurrency: enrich.concurrency }),
    socialStage({ runtime: deps.social, scoring: deps.scoring }),
    scoreStage({
      scoring: deps.scoring,
      loadFeeds: deps.loadFeeds,
      minLabeledSamples: pipeline.minLabeledSamples,
      decayDays: pipeline.weightsDecayDays,
    }),
    deps.audit ? auditStage(deps.audit) : skippedStage("audit", "audited", "AI audit is not configured"),
  ];
  return stages.map((s) => {
    const why = deps.skip?.[s.name];
    return why ? skippedStage(s.name, s.output, why) : s;
  });
}
