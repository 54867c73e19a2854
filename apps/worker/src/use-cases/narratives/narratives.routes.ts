/** `POST /campaign/narratives` (`scan_id`) -> `{narratives}` synchronously. */
import type { FastifyInstance } from "fastify";
import {
  WORKER_PATHS,
  WORKER_TIMEOUTS,
  ZScanRef,
  type TCampaignNarrativesResponse,
} from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import type { AiSettings } from "../../ports/llm/ai-settings.ts";
import { loadSnapshot } from "../../ports/web-api/load-snapshot.ts";
import type { AuditApi } from "../../ports/web-api/web-api.port.ts";
import { campaignNarratives, type NarrativeLogger } from "./narratives.ts";

/**
 * How long `/campaign/narratives` may take in all: 3 s below the web's read timeout (15 s,
 * contract part 8), so the answer, with whatever narratives are done, is read in time.
 */
export const NARRATIVES_DEADLINE_MS = WORKER_TIMEOUTS.readMs - 3_000;

export interface NarrativeRouteDeps {
  web: AuditApi;
  ai: AiSettings;
  logger: NarrativeLogger;
  /** Overrides NARRATIVES_DEADLINE_MS. */
  narrativesDeadlineMs?: number;
}

export function registerNarrativeRoutes(api: FastifyInstance, deps: NarrativeRouteDeps): void {
  api.post(WORKER_PATHS.campaignNarratives, async (request): Promise<TCampaignNarrativesResponse> => {
    // The whole answer, snapshot included, must beat the web's 15 s read timeout although one
    // LLM call may take 30 s: at the deadline unfinished narratives keep their deterministic text.
    const deadline = AbortSignal.timeout(deps.narrativesDeadlineMs ?? NARRATIVES_DEADLINE_MS);
    const { scan_id } = validate(ZScanRef, request.body);
    const snapshot = await loadSnapshot(deps.web, scan_id);
    return campaignNarratives(snapshot, await deps.ai.current(), deps.logger, deadline);
  });
}
