/**
 * The provider's response parser on real answers of the OpenAI and Anthropic APIs
 * (apps/worker/samples/llm, sources in SOURCES.md): reasoning-model completions whose usage counts
 * reasoning tokens, Claude's tool_use answers to a forced tool, and the 400 refusal bodies. Reports
 * the share read right per field.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { LlmFetch } from "./llm.port.ts";
import { createHttpProvider, LlmError } from "./provider.ts";

const SAMPLES = join(import.meta.dirname, "../../../samples/llm");
const sample = (file: string) => readFileSync(join(SAMPLES, file), "utf8");

function answering(kind: "openai" | "anthropic", model: string, body: string, status = 200) {
  const fetch: LlmFetch = async () => new Response(body, { status });
  return createHttpProvider({ kind, model, baseUrl: "https://llm.example", maxRetries: 0, fetch });
}

interface Answer {
  file: string;
  kind: "openai" | "anthropic";
  model: string;
  json?: string;
  text: string;
  input: number;
  output: number;
}

// Expected values read off the recorded bodies by hand.
const ANSWERS: Answer[] = [
  {
    file: "openai/o3-mini-max-completion-tokens.json",
    kind: "openai",
    model: "o3-mini",
    text: "Hello there! How can I help you today?",
    input: 7,
    output: 87, // completion_tokens: 23 visible + 64 reasoning
  },
  {
    file: "openai/o3-mini-reasoning.json",
    kind: "openai",
    model: "o3-mini",
    text: "The capital of Mexico is Mexico City. It is not only the seat of the federal government but also a major cultural, political, and economic center in the country.",
    input: 13,
    output: 238,
  },
  { file: "openai/gpt-5.json", kind: "openai", model: "gpt-5", text: "Paris.", input: 13, output: 11 },
  {
    file: "anthropic/claude-opus-4-6-tool-use.json",
    kind: "anthropic",
    model: "claude-opus-4-6",
    json: "final_result",
    text: '{"city":"Paris","country":"France"}',
    input: 671,
    output: 55,
  },
  {
    file: "anthropic/claude-sonnet-4-5-tool-use.json",
    kind: "anthropic",
    model: "claude-sonnet-4-5",
    json: "final_result",
    text: '{"city":"Mexico City","country":"Mexico"}',
    input: 762,
    output: 56,
  },
  {
    file: "anthropic/claude-opus-4-6-text.json",
    kind: "anthropic",
    model: "claude-opus-4-6",
    text: "4",
    input: 14,
    output: 5,
  },
];

const REFUSALS = [
  { file: "openai/error-max-tokens-gpt-5.json", kind: "openai", says: /'max_tokens' is not supported/ },
  { file: "openai/error-temperature-gpt-5.json", kind: "openai", says: /'temperature' does not support 0/ },
  { file: "openai/error-system-role-o1-mini.json", kind: "openai", says: /does not support 'system'/ },
  {
    file: "anthropic/error-prefill-claude-4-6.json",
    kind: "anthropic",
    says: /does not support assistant message prefill/,
  },
] as const;

const share = (hits: boolean[]) => hits.filter(Boolean).length / hits.length;

describe("the response parser on real API answers", () => {
  it("reads the answer text (a forced tool's input for structured output) and the token usage", async () => {
    const fields = { text: [] as boolean[], input_tokens: [] as boolean[], output_tokens: [] as boolean[] };
    for (const a of ANSWERS) {
      const got = await answering(a.kind, a.model, sample(a.file)).complete({
        system: "s",
        user: "u",
        maxTokens: 100,
        ...(a.json ? { json: { name: a.json, schema: { type: "object" } } } : {}),
      });
      fields.text.push(got.text === a.text);
      fields.input_tokens.push(got.usage.input_tokens === a.input);
      fields.output_tokens.push(got.usage.output_tokens === a.output);
    }
    const shares = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, share(v)]));
    console.log(`LLM answers (${ANSWERS.length} real bodies), share read right per field:`, shares);
    for (const v of Object.values(shares)) expect(v).toBeGreaterThanOrEqual(0.95);
  });

  it("turns each real 400 refusal into an error carrying the API's own words", async () => {
    const hits: boolean[] = [];
    for (const r of REFUSALS) {
      const err = await answering(r.kind, "m", sample(r.file), 400)
        .complete({ system: "s", user: "u", maxTokens: 100 })
        .catch((e: unknown) => e);
      hits.push(
        err instanceof LlmError && err.status === 400 && err.kind === "http" && r.says.test(err.message),
      );
    }
    console.log(`LLM refusals (${REFUSALS.length} real bodies), share read right:`, share(hits));
    expect(share(hits)).toBe(1);
  });

  it("says a reasoning model ran out of output tokens instead of calling the empty answer malformed", async () => {
    // The o3-mini answer as it comes when max_completion_tokens is spent on reasoning.
    const spent = JSON.parse(sample("openai/o3-mini-max-completion-tokens.json")) as {
      choices: Array<{ finish_reason: string; message: { content: string } }>;
    };
    spent.choices[0]!.finish_reason = "length";
    spent.choices[0]!.message.content = "";
    const err = await answering("openai", "o3-mini", JSON.stringify(spent))
      .complete({ system: "s", user: "u", maxTokens: 100 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).message).toMatch(/used its \d+ output tokens before answering/);
  });

  it("reports a model's declining (the `refusal` field) as such, not as an empty answer", async () => {
    const declined = JSON.parse(sample("openai/gpt-5.json")) as {
      choices: Array<{ message: { content: string | null; refusal: string | null } }>;
    };
    declined.choices[0]!.message = { content: null, refusal: "I'm sorry, I can't help with that." };
    const err = await answering("openai", "gpt-5", JSON.stringify(declined))
      .complete({ system: "s", user: "u", maxTokens: 100 })
      .catch((e: unknown) => e);
    expect((err as LlmError).message).toBe("the model declined: I'm sorry, I can't help with that.");
  });
});
