import type { TEventOf } from "@brandwarden/contract/events";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { KeywordExpansionRepository } from "./keyword-expansion.repository.ts";

/** The `log` codes the worker's keyword expansion publishes (apps/worker/src/use-cases/keywords/keyword-expansion.ts). */
const KEYWORD_EXPANSION_CODES = {
  keyword_expansion_failed: "failed",
  keywords_ai_deterministic_fallback: "fallback",
} as const;

/**
 * Handles the `log` events of keyword expansion (no scan, a `user_id` and `generation`): kept as
 * the user's latest expansion problem, which the brand profile page shows. Other logs are left to
 * the scan log handler.
 */
export function createKeywordExpansionEvents(deps: { repo: KeywordExpansionRepository; logger: Logger }) {
  return async function onLog(message: TEventOf<"log">): Promise<void> {
    const { user_id, generation, code, message: text } = message.data;
    if (message.scan_id || !user_id || generation === undefined || !code) return;
    const kind = KEYWORD_EXPANSION_CODES[code as keyof typeof KEYWORD_EXPANSION_CODES];
    if (!kind) return;
    const stored = await deps.repo.record(user_id, {
      generation,
      kind,
      code,
      message: text,
      reported_at: new Date(message.ts),
    });
    if (!stored) deps.logger.info({ user_id, generation, code }, "keyword expansion problem not kept");
  };
}
