/**
 * Keyword expansion, what `POST /brand/keyword_expand` starts in the background: the brand context
 * from the web app, keywords derived from it (AI, else deterministic), posted back with the request's
 * generation; failures surface as `log` events on the event stream (contract part 4.4).
 */
import type { TEventOf } from "@brandwarden/contract/events";
import type { TKeywordExpandRequest } from "@brandwarden/contract/worker-api";
import type { AiSettings } from "../../ports/llm/ai-settings.ts";
import type { AiApi } from "../../ports/web-api/web-api.port.ts";
import { isStaleGeneration } from "../../ports/web-api/web-client.ts";
import { aiKeywords, deterministicKeywords } from "./derive-keywords.ts";

interface KeywordExpansionLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export const KEYWORD_AI_FALLBACK = "keywords_ai_deterministic_fallback";
/** Code of the `log` event published when an expansion stored nothing. */
export const KEYWORD_EXPANSION_FAILED = "keyword_expansion_failed";

export interface KeywordExpansionOutcome {
  user_id: string;
  generation: number;
  status: "stored" | "stale" | "failed";
  source: "ai" | "deterministic" | null;
  keywords: string[];
  /** Why nothing was stored (failed), or why AI was not used (stored from the deterministic expansion). */
  problem?: string;
}

/** AI states that are a choice of the admin, not a failure (ai-settings.ts `providerFromSetting`). */
const AI_OFF_ON_PURPOSE = new Set(["AI provider not configured", "AI provider disabled"]);

/** Publishes a `log` event with the user and generation it concerns (contract: failures surface as events). */
type PublishLog = (kind: "log", data: TEventOf<"log">["data"]) => Promise<void>;

export interface KeywordExpansionDeps {
  web: Pick<AiApi, "getBrandContext" | "postDerivedKeywords">;
  ai: Pick<AiSettings, "current">;
  logger: KeywordExpansionLogger;
  publish?: PublishLog;
}

/**
 * Runs one expansion and tells the web app what went wrong, if anything: a `log` event (error,
 * `keyword_expansion_failed`) when nothing was stored, or (warn, `keywords_ai_deterministic_fallback`)
 * when the keywords came from the deterministic expansion because AI was unavailable. A stale run
 * (the profile changed meanwhile) publishes nothing: the newer run speaks for the profile.
 */
export async function expandKeywords(
  deps: KeywordExpansionDeps,
  req: TKeywordExpandRequest,
): Promise<KeywordExpansionOutcome> {
  const outcome = await runExpansion(deps, req);
  if (!deps.publish || outcome.status === "stale" || !outcome.problem) return outcome;
  if (outcome.status === "stored" && outcome.source === "ai") return outcome;
  const failed = outcome.status === "failed";
  await deps
    .publish("log", {
      level: failed ? "error" : "warn",
      code: failed ? KEYWORD_EXPANSION_FAILED : KEYWORD_AI_FALLBACK,
      message: (failed
        ? `Keyword expansion failed: ${outcome.problem}`
        : `Keywords were derived without AI: ${outcome.problem}`
      ).slice(0, 4000),
      user_id: req.user_id,
      generation: req.generation,
    })
    .catch((err: unknown) =>
      deps.logger.warn(
        { user_id: req.user_id, err: (err as Error).message },
        "keyword expansion event not published",
      ),
    );
  return outcome;
}

/** One expansion: brand context -> keywords (AI, else deterministic) -> POST with the same generation. */
async function runExpansion(
  deps: KeywordExpansionDeps,
  req: TKeywordExpandRequest,
): Promise<KeywordExpansionOutcome> {
  const base = { user_id: req.user_id, generation: req.generation };
  let brand;
  try {
    brand = await deps.web.getBrandContext(req.user_id);
  } catch (err) {
    const problem = `the brand profile could not be read (${(err as Error).message})`;
    deps.logger.warn(
      { ...base, err: (err as Error).message },
      "keyword expansion: brand context unavailable",
    );
    return { ...base, status: "failed", source: null, keywords: [], problem };
  }
  let keywords: string[] | null = null;
  let source: "ai" | "deterministic" = "deterministic";
  let aiProblem: string | undefined;
  const ai = await deps.ai.current();
  if (ai.on) {
    try {
      keywords = await aiKeywords(brand, ai);
      source = "ai";
    } catch (err) {
      aiProblem = `the AI provider failed (${(err as Error).message})`;
      deps.logger.warn(
        { code: KEYWORD_AI_FALLBACK, ...base, reason: (err as Error).message },
        KEYWORD_AI_FALLBACK,
      );
    }
  } else {
    // Left off on purpose, the deterministic expansion is the designed path; otherwise AI is broken.
    if (!AI_OFF_ON_PURPOSE.has(ai.reason)) aiProblem = `AI is unavailable (${ai.reason})`;
    deps.logger.warn({ code: KEYWORD_AI_FALLBACK, ...base, reason: ai.reason }, KEYWORD_AI_FALLBACK);
  }
  if (keywords === null || keywords.length === 0) {
    keywords = deterministicKeywords(brand);
    source = "deterministic";
  }
  try {
    const saved = await deps.web.postDerivedKeywords(req.user_id, { keywords, generation: req.generation });
    deps.logger.info({ ...base, source, keywords: saved.keywords.length }, "derived keywords stored");
    return { ...base, status: "stored", source, keywords: saved.keywords, problem: aiProblem };
  } catch (err) {
    if (isStaleGeneration(err)) {
      deps.logger.info({ ...base }, "derived keywords dropped: the brand profile changed meanwhile");
      return { ...base, status: "stale", source, keywords };
    }
    const problem = `the derived keywords could not be stored (${(err as Error).message})`;
    deps.logger.warn({ ...base, err: (err as Error).message }, "derived keywords not stored");
    return { ...base, status: "failed", source, keywords, problem };
  }
}
