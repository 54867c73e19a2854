/**
 * The AI writer behind the takedown drafts (`PolishProvider`). It reads the current AI setting per
 * call (cached briefly) and throws when AI is off or the call fails: the takedown code then sends its
 * deterministic draft and logs the warning.
 */
import { z } from "zod";
import type { TTakedownDraft } from "@brandwarden/contract/worker-api";
import { requireAi, type AiSettings } from "../../ports/llm/ai-settings.ts";
import { createTokenBudget } from "../../ports/llm/budget.ts";
import { fence, UNTRUSTED_RULES } from "../../ports/llm/prompt.ts";
import { completeStructured } from "../../ports/llm/structured.ts";
import type { PolishProvider } from "./polish.ts";

const POLISH_SYSTEM = [
  "You polish abuse-report e-mails (takedown requests) sent to registrars and hosting providers.",
  "Improve clarity and tone; keep it factual and concise. You must keep every fact listed under",
  "required_facts exactly as written (domains, IP addresses, e-mail addresses, dates, registrar names) and",
  "must not add facts.",
  UNTRUSTED_RULES,
  'Answer with one JSON object only: {"subject": "...", "body": "..."}.',
].join("\n");

const ZPolished = z.object({
  subject: z.string().trim().min(1).max(500),
  body: z.string().trim().min(1).max(50_000),
});

const POLISH_JSON_SCHEMA = {
  type: "object",
  properties: { subject: { type: "string" }, body: { type: "string" } },
  required: ["subject", "body"],
  additionalProperties: false,
};

export function createAiPolish(settings: AiSettings): PolishProvider {
  return {
    async polish(draft: TTakedownDraft, facts: readonly string[]) {
      const ai = await requireAi(settings);
      const { value } = await completeStructured(ai.provider, ZPolished, {
        system: POLISH_SYSTEM,
        user:
          `Draft to polish:\n${fence("takedown draft", { subject: draft.subject, body: draft.body, required_facts: facts })}\n` +
          "Reply with the JSON object only.",
        json: { name: "takedown_draft", schema: POLISH_JSON_SCHEMA },
        maxTokens: 2_000,
        budget: createTokenBudget(ai.maxTokensPerScan),
      });
      return value;
    },
  };
}
