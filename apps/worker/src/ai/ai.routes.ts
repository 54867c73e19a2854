/**
 * `POST /campaign/narratives` (`scan_id`) -> `{narratives}` synchronously, and
 * `POST /brand/keyword_expand` (`user_id`, `generation`) -> 202 `{accepted: true}`, the expansion
 * then running in the background and posting its result with the same generation.
 */
import type { FastifyInstance } from "fastify";
import {
  WORKER_PATHS,
  ZKeywordExpandRequest,
  ZScanRef,
  type TCampaignNarrativesResponse,
  type TKeywordExpandRequest,
} from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import { isStaleGeneration, type AiApi, type AuditApi } from "../internal-api/web-client.ts";
import { loadSnapshot } from "../report/load-snapshot.ts";
import type { AiSettings } from "./ai-settings.ts";
import { aiKeywords, deterministicKeywords } from "./keywords.ts";
import { campaignNarratives } from "./narratives.ts";

export interface AiRouteLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export const KEYWORD_AI_FALLBACK = "keywords_ai_deterministic_fallback";

export interface KeywordExpansionOutcome {
  user_id: string;
  generation: number;
  status: "stored" | "stale" | "failed";
  source: "ai" | "deterministic" | null;
  keywords: string[];
}

/** Runs one expansion: brand context -> keywords (AI, else deterministic) -> POST with the same generation. */
export async function expandKeywords(
  deps: {
    web: Pick<AiApi, "getBrandContext" | "postDerivedKeywords">;
    ai: AiSettings;
    logger: AiRouteLogger;
  },
  req: TKeywordExpandRequest,
): Promise<KeywordExpansionOutcome> {
  const base = { user_id: req.user_id, generation: req.generation };
  let brand;
  try {
    brand = await deps.web.getBrandContext(req.user_id);
  } catch (err) {
    deps.logger.warn(
      { ...base, err: (err as Error).message },
      "keyword expansion: brand context unavailable",
    );
    return { ...base, status: "failed", source: null, keywords: [] };
  }
  let keywords: string[] | null = null;
  let source: "ai" | "deterministic" = "deterministic";
  const ai = await deps.ai.current();
  if (ai.on) {
    try {
      keywords = await aiKeywords(brand, ai);
      source = "ai";
    } catch (err) {
      deps.logger.warn(
        { code: KEYWORD_AI_FALLBACK, ...base, reason: (err as Error).message },
        KEYWORD_AI_FALLBACK,
      );
    }
  } else deps.logger.warn({ code: KEYWORD_AI_FALLBACK, ...base, reason: ai.reason }, KEYWORD_AI_FALLBACK);
  if (keywords === null || keywords.length === 0) {
    keywords = deterministicKeywords(brand);
    source = "deterministic";
  }
  try {
    const saved = await deps.web.postDerivedKeywords(req.user_id, { keywords, generation: req.generation });
    deps.logger.info({ ...base, source, keywords: saved.keywords.length }, "derived keywords stored");
    return { ...base, status: "stored", source, keywords: saved.keywords };
  } catch (err) {
    if (isStaleGeneration(err)) {
      deps.logger.info({ ...base }, "derived keywords dropped: the brand profile changed meanwhile");
      return { ...base, status: "stale", source, keywords };
    }
    deps.logger.warn({ ...base, err: (err as Error).message }, "derived keywords not stored");
    return { ...base, status: "failed", source, keywords };
  }
}

export interface AiRouteDeps {
  web: AuditApi & Pick<AiApi, "getBrandContext" | "postDerivedKeywords">;
  ai: AiSettings;
  logger: AiRouteLogger;
}

/** Registers both routes; returns a handle on the background expansions (tests and shutdown await them). */
export function registerAiRoutes(api: FastifyInstance, deps: AiRouteDeps) {
  const running = new Set<Promise<KeywordExpansionOutcome>>();

  api.post(WORKER_PATHS.campaignNarratives, async (request): Promise<TCampaignNarrativesResponse> => {
    const { scan_id } = validate(ZScanRef, request.body);
    const snapshot = await loadSnapshot(deps.web, scan_id);
    return campaignNarratives(snapshot, await deps.ai.current(), deps.logger);
  });

  api.post(WORKER_PATHS.keywordExpand, async (request, reply) => {
    const body = validate(ZKeywordExpandRequest, request.body);
    const task = expandKeywords(deps, body).finally(() => running.delete(task));
    running.add(task);
    return reply.code(202).send({ accepted: true });
  });

  return {
    /** Waits for the expansions in flight. */
    async drain(): Promise<KeywordExpansionOutcome[]> {
      return Promise.all([...running]);
    },
  };
}
