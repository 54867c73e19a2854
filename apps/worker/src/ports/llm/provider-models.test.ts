/**
 * The provider against the world's LLM, which refuses what today's hosted models refuse (per model
 * family, with the real 400 bodies): OpenAI's reasoning models (GPT-5 family, o-series) refuse
 * `max_tokens` and `temperature: 0`, Claude 4.6+ refuses an assistant prefill. Older models and
 * self-hosted servers (Ollama-style names) keep getting what they accept.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmSchema } from "@brandwarden/world/scenario/services-schema";
import { startLlm, type RunningLlm } from "@brandwarden/world/services/llm/server";
import type { LlmFetch } from "./llm.port.ts";
import { createHttpProvider, LlmError } from "./provider.ts";
import { completeStructured } from "./structured.ts";

let llm: RunningLlm;
beforeAll(async () => {
  llm = await startLlm(LlmSchema.parse({ api_key: "sk-models" }), "127.0.10.1", 0);
});
afterAll(() => llm.close());
beforeEach(async () => {
  await fetch(`${llm.url}/__control/reset`, { method: "POST" });
});

const plainFetch: LlmFetch = (url, init) => fetch(url, init);

function provider(kind: "openai" | "anthropic", model: string, extra: { reasoning?: boolean } = {}) {
  return createHttpProvider({
    kind,
    model,
    baseUrl: kind === "openai" ? llm.openaiBaseUrl : llm.anthropicBaseUrl,
    apiKey: "sk-models",
    maxRetries: 0,
    fetch: plainFetch,
    ...extra,
  });
}

const ZVerdict = z.object({ verdict: z.enum(["malicious", "suspicious", "benign"]), confidence: z.number() });
const VERDICT_SCHEMA = {
  type: "object",
  properties: {
    verdict: { type: "string", enum: ["malicious", "suspicious", "benign"] },
    confidence: { type: "number" },
  },
  required: ["verdict", "confidence"],
  additionalProperties: false,
};
const EVIDENCE = "Domain acrnebank.com has a login form with a password field and is listed on OpenPhish.";

const refused = () => llm.requests().filter((r) => r.status >= 400);
const bodies = () => llm.requests().map((r) => r.body as Record<string, unknown>);

const TODAY: Array<["openai" | "anthropic", string]> = [
  ["openai", "gpt-5"],
  ["openai", "gpt-5-mini"],
  ["openai", "o3-mini"],
  ["openai", "o4-mini"],
  ["openai", "o1-mini"],
  ["anthropic", "claude-opus-4-6"],
  ["anthropic", "claude-sonnet-4-6"],
  ["anthropic", "claude-opus-4-7"],
];
const OLDER: Array<["openai" | "anthropic", string]> = [
  ["openai", "gpt-4o"],
  ["openai", "llama3.1:8b"], // an Ollama-style model name
  ["anthropic", "claude-3-5-sonnet-20241022"],
];

describe.each([...TODAY, ...OLDER])("%s %s through the world's strict LLM", (kind, model) => {
  it("answers a plain request and a structured one with no request refused", async () => {
    const p = provider(kind, model);
    const text = await p.complete({ system: "Write one sentence.", user: EVIDENCE, maxTokens: 300 });
    expect(text.text.length).toBeGreaterThan(0);
    const structured = await completeStructured(p, ZVerdict, {
      system: "Audit the finding.",
      user: EVIDENCE,
      json: { name: "audit_verdict", schema: VERDICT_SCHEMA },
      maxTokens: 300,
    });
    expect(structured.value.verdict).toBe("malicious");
    expect(structured.repaired).toBe(false);
    expect(refused()).toEqual([]);
  });

  it("makes its one repair attempt with a conversation that ends with a user turn", async () => {
    llm.setFaults({ malformed: true, times: 1 });
    const p = provider(kind, model);
    const structured = await completeStructured(p, ZVerdict, {
      system: "Audit the finding.",
      user: EVIDENCE,
      json: { name: "audit_verdict", schema: VERDICT_SCHEMA },
      maxTokens: 300,
    });
    expect(structured).toMatchObject({ repaired: true, value: { verdict: "malicious" } });
    expect(refused()).toEqual([]);
    const repair = bodies()[1]!.messages as Array<{ role: string }>;
    expect(repair.at(-1)!.role).toBe("user");
  });
});

describe("what each family is sent", () => {
  it.each(TODAY.filter(([k]) => k === "openai"))(
    "%s %s: max_completion_tokens with room to reason, no max_tokens, no temperature",
    async (kind, model) => {
      await provider(kind, model).complete({ system: "s", user: EVIDENCE, maxTokens: 300 });
      const [body] = bodies();
      expect(body).not.toHaveProperty("max_tokens");
      expect(body).not.toHaveProperty("temperature");
      expect(body!.max_completion_tokens).toBeGreaterThan(300);
    },
  );

  it.each(OLDER.filter(([k]) => k === "openai"))(
    "%s %s: max_tokens (what Ollama reads) and temperature 0",
    async (kind, model) => {
      await provider(kind, model).complete({ system: "s", user: EVIDENCE, maxTokens: 300 });
      expect(bodies()[0]).toMatchObject({ max_tokens: 300, temperature: 0 });
      expect(bodies()[0]).not.toHaveProperty("max_completion_tokens");
    },
  );

  it("an Azure deployment named freely is a reasoning model when the setting says so", async () => {
    await provider("openai", "brand-audit-prod", { reasoning: true }).complete({
      system: "s",
      user: EVIDENCE,
      maxTokens: 300,
    });
    expect(bodies()[0]).not.toHaveProperty("max_tokens");
    expect(bodies()[0]).not.toHaveProperty("temperature");
  });

  it("Claude gets structured output through a forced tool and never an assistant prefill", async () => {
    await completeStructured(provider("anthropic", "claude-opus-4-6"), ZVerdict, {
      system: "Audit the finding.",
      user: EVIDENCE,
      json: { name: "audit_verdict", schema: VERDICT_SCHEMA },
      maxTokens: 300,
    });
    const [body] = bodies();
    expect(body!.temperature).toBe(0); // Opus 4.6 still takes it; 4.7 does not (above)
    expect(body!.tool_choice).toEqual({ type: "tool", name: "audit_verdict" });
    expect(body!.tools).toEqual([
      expect.objectContaining({ name: "audit_verdict", input_schema: VERDICT_SCHEMA }),
    ]);
    expect((body!.messages as Array<{ role: string }>).at(-1)!.role).toBe("user");
  });
});

describe("a refusal reaches the caller as a clear error", () => {
  it("says what the API said when a reasoning model is sent max_tokens", async () => {
    // A server that calls itself gpt-4o-compatible but routes to gpt-5: the setting is wrong.
    const err = await provider("openai", "gpt-5", { reasoning: false })
      .complete({ system: "s", user: EVIDENCE, maxTokens: 300 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).status).toBe(400);
    expect((err as LlmError).message).toMatch(/Unsupported parameter: 'max_tokens'/);
    expect(refused()).toHaveLength(1);
  });
});
