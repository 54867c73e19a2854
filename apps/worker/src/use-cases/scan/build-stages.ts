import type { TScanStage } from "@brandwarden/contract/constants";
import type { WorkerConfig } from "../../config.ts";
import type { DiscoveryHook } from "../../capabilities/discovery/discovery-hook.ts";
import type { Enricher } from "../../capabilities/enrich/enricher.ts";
import type { ScreenshotReadiness } from "../../capabilities/enrich/screenshot/screenshot-readiness.ts";
import type { FeedLoadResult } from "../../capabilities/feeds/loader.ts";
import type { ScoringApi } from "../../ports/web-api/web-api.port.ts";
import type { Resolver } from "../../capabilities/resolve/types.ts";
import type { StageDef } from "./stage.ts";
import { auditStage, type AuditStageDeps } from "./stages/audit.ts";
import { enrichStage } from "./stages/enrich.ts";
import { generateStage } from "./stages/generate.ts";
import { resolveStage } from "./stages/resolve.ts";
import { scoreStage } from "./stages/score.ts";
import { skippedStage } from "./skipped-stage.ts";
import { socialStage } from "./stages/social.ts";
import type { SocialRuntime } from "../../capabilities/social/social-runtime.ts";

/** The six stages of a scan, in the order DESIGN.md gives them. */
export function buildStages(deps: {
  config: WorkerConfig;
  /** Discovery sources beside permutations, for the generate stage. */
  discover: DiscoveryHook[];
  resolver: Resolver;
  enricher: Enricher;
  /** Whether screenshots can be taken (each scan's log says so when not). */
  screenshots?: ScreenshotReadiness;
  social: SocialRuntime;
  scoring: ScoringApi | null;
  loadFeeds: () => Promise<FeedLoadResult>;
  /** The AI audit's web API and AI settings; absent: the stage is skipped. */
  audit?: AuditStageDeps;
  /** Stages not to run, with why (the command line's --stages): they complete as skipped. */
  skip?: Partial<Record<TScanStage, string>>;
}): StageDef[] {
  const { pipeline } = deps.config;
  const social = socialStage({ runtime: deps.social, scoring: deps.scoring });
  // Social discovery needs only the resolved names: it runs beside enrichment unless either is skipped.
  const enrich = enrichStage({
    enricher: deps.enricher,
    screenshots: deps.screenshots,
    alongside: deps.skip?.social || deps.skip?.enrich ? undefined : social.early,
  });
  const stages = [
    generateStage({ maxCandidates: pipeline.maxCandidates, discover: deps.discover }),
    // Registered lookalikes go to enrichment as they resolve, unless enrichment is skipped.
    resolveStage({ resolver: deps.resolver, early: deps.skip?.enrich ? undefined : enrich.early }),
    enrich.stage,
    social.stage,
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
