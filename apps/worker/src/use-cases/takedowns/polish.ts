/**
 * Optional LLM polish of a takedown draft. The polished text is used only when it keeps every fact
 * of the deterministic draft (domain, IPs, abuse addresses, dates, registrar); otherwise, or when the
 * provider is missing or fails, the deterministic draft goes out unchanged.
 */
import { ZTakedownDraft, type TTakedownDraft } from "@brandwarden/contract/worker-api";
import type { WarnLogger } from "../reports/report-prose.ts";

export interface PolishProvider {
  polish(draft: TTakedownDraft, facts: readonly string[]): Promise<TTakedownDraft>;
}

export const TAKEDOWN_AI_FALLBACK = "takedown_ai_deterministic_fallback";
/** The web application reads the takedown answer within 15 s: the polish gets part of that. */
const POLISH_TIMEOUT_MS = 8_000;

/** The facts missing from `draft` (case-insensitive; each must appear in the subject or body). */
export function missingFacts(draft: TTakedownDraft, facts: readonly string[]): string[] {
  const text = `${draft.subject}\n${draft.body}`.toLowerCase();
  return facts.filter((fact) => !text.includes(fact.toLowerCase()));
}

export async function polishDraft(
  draft: TTakedownDraft,
  facts: readonly string[],
  provider: PolishProvider | undefined,
  logger: WarnLogger,
  timeoutMs = POLISH_TIMEOUT_MS,
): Promise<TTakedownDraft & { source: "ai" | "deterministic" }> {
  if (!provider) return { ...draft, source: "deterministic" };
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    const answer = await Promise.race([provider.polish(draft, facts), timeout]);
    const parsed = ZTakedownDraft.safeParse(answer);
    if (!parsed.success || !parsed.data.subject.trim() || !parsed.data.body.trim()) {
      logger.warn({ code: TAKEDOWN_AI_FALLBACK, reason: "malformed polished draft" }, TAKEDOWN_AI_FALLBACK);
      return { ...draft, source: "deterministic" };
    }
    const missing = missingFacts(parsed.data, facts);
    if (missing.length) {
      logger.warn(
        { code: TAKEDOWN_AI_FALLBACK, reason: "polished draft dropped facts", missing },
        TAKEDOWN_AI_FALLBACK,
      );
      return { ...draft, source: "deterministic" };
    }
    return { ...parsed.data, source: "ai" };
  } catch (err) {
    logger.warn({ code: TAKEDOWN_AI_FALLBACK, reason: (err as Error).message }, TAKEDOWN_AI_FALLBACK);
    return { ...draft, source: "deterministic" };
  } finally {
    clearTimeout(timer);
  }
}
