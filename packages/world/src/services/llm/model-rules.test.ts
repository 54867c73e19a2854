/**
 * The world's LLM refuses what today's hosted models refuse, per model family, with the real
 * status and error body (see model-rules.ts for the documentation and issues followed), and keeps
 * accepting what older models and self-hosted servers accept.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LlmSchema } from "../../scenario/services-schema.ts";
import { claudeVersion } from "./model-rules.ts";
import { startLlm } from "./server.ts";
import type { RunningLlm } from "./server.ts";

// The real bodies, recorded from the APIs (apps/worker/samples/llm/SOURCES.md).
const SAMPLES = join(import.meta.dirname, "../../../../../apps/worker/samples/llm");
const realBody = (file: string): unknown => JSON.parse(readFileSync(join(SAMPLES, file), "utf8"));

let llm: RunningLlm;
beforeAll(async () => {
  llm = await startLlm(LlmSchema.parse({}), "127.0.10.1", 0);
});
afterAll(() => llm.close());
beforeEach(() => llm.clear());

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${llm.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const chat = (body: Record<string, unknown>) =>
  post("/v1/chat/completions", { messages: [{ role: "user", content: "Say hello" }], ...body });
const claude = (model: string, extra: Record<string, unknown> = {}, prefill = false) =>
  post("/v1/messages", {
    model,
    max_tokens: 100,
    messages: [
      { role: "user", content: "Answer in JSON" },
      ...(prefill ? [{ role: "assistant", content: "{" }] : []),
    ],
    ...extra,
  });

interface StreamEvent {
  type: string;
  content_block?: Record<string, unknown>;
  delta?: { partial_json?: string; stop_reason?: string };
}

/** Every key path of a JSON value (array items merged), to compare shapes. */
function paths(v: unknown, at = ""): string[] {
  if (Array.isArray(v)) return v.flatMap((x) => paths(x, `${at}[]`));
  if (v && typeof v === "object")
    return Object.entries(v).flatMap(([k, x]) => [`${at}.${k}`, ...paths(x, `${at}.${k}`)]);
  return [];
}

describe("OpenAI reasoning models (GPT-5 family, o-series)", () => {
  it.each(["gpt-5", "gpt-5-mini", "gpt-5.1", "o1", "o3-mini", "o4-mini", "openai/gpt-5"])(
    "%s refuses max_tokens with the real 400 body",
    async (model) => {
      const r = await chat({ model, max_tokens: 100 });
      expect(r.status).toBe(400);
      expect(r.body).toEqual(realBody("openai/error-max-tokens-gpt-5.json"));
      expect(llm.requests()[0]!.status).toBe(400);
    },
  );

  it.each(["gpt-5", "o3-mini"])("%s refuses temperature 0 with the real 400 body", async (model) => {
    const r = await chat({ model, max_completion_tokens: 500, temperature: 0 });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(realBody("openai/error-temperature-gpt-5.json"));
  });

  it.each(["o1-mini", "o1-preview"])("%s refuses a system message with the real 400 body", async (model) => {
    const r = await post("/v1/chat/completions", {
      model,
      max_completion_tokens: 500,
      messages: [
        { role: "system", content: "You are a helpful assistant." },
        { role: "user", content: "Hello" },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(realBody("openai/error-system-role-o1-mini.json"));
  });

  it("answers max_completion_tokens with the default temperature, counting reasoning tokens", async () => {
    const r = await chat({ model: "gpt-5", max_completion_tokens: 2_000, temperature: 1 });
    expect(r.status).toBe(200);
    const usage = r.body.usage as {
      completion_tokens: number;
      completion_tokens_details: { reasoning_tokens: number };
    };
    expect(usage.completion_tokens_details.reasoning_tokens).toBeGreaterThan(0);
    expect(usage.completion_tokens).toBeGreaterThan(usage.completion_tokens_details.reasoning_tokens);
    // Every key of the real recorded o3-mini answer is there.
    const real = new Set(paths(realBody("openai/o3-mini-max-completion-tokens.json")));
    const world = new Set(paths(r.body));
    expect([...real].filter((p) => !world.has(p) && p !== ".service_tier")).toEqual([]);
  });

  it("answers nothing, finish_reason length, when the limit is spent on reasoning", async () => {
    const r = await chat({ model: "o3-mini", max_completion_tokens: 50 });
    const choice = (r.body.choices as Array<{ finish_reason: string; message: { content: string } }>)[0]!;
    expect(choice).toMatchObject({ finish_reason: "length", message: { content: "" } });
  });
});

describe("older OpenAI models and self-hosted servers keep accepting", () => {
  it.each(["gpt-4o", "gpt-4o-mini", "llama3.1:8b", "gpt-oss:20b", "world-llm-1"])(
    "%s with max_tokens and temperature 0",
    async (model) => {
      const r = await chat({ model, max_tokens: 100, temperature: 0 });
      expect(r.status).toBe(200);
      expect((r.body.choices as Array<{ finish_reason: string }>)[0]!.finish_reason).toBe("stop");
    },
  );
});

describe("Anthropic Claude", () => {
  it.each([
    "claude-opus-4-6",
    "claude-sonnet-4-6",
    "claude-opus-4-7",
    "claude-opus-5",
    "claude-sonnet-4-6-20260101",
  ])("%s refuses an assistant prefill with the real 400 body", async (model) => {
    const r = await claude(model, {}, true);
    expect(r.status).toBe(400);
    const real = realBody("anthropic/error-prefill-claude-4-6.json") as Record<string, unknown>;
    expect(r.body).toEqual({ type: real.type, error: real.error });
    expect(llm.requests()[0]!.status).toBe(400);
  });

  it.each(["claude-3-5-sonnet-20241022", "claude-sonnet-4-5-20250929", "claude-sonnet-4-20250514"])(
    "%s still continues a prefill",
    async (model) => {
      const r = await claude(model, {}, true);
      expect(r.status).toBe(200);
      expect(r.body.stop_reason).toBe("end_turn");
    },
  );

  it("Claude 4.1 and later refuse temperature and top_p together; 3.5 accepts them", async () => {
    const both = { temperature: 0.2, top_p: 0.9 };
    const r = await claude("claude-sonnet-4-5", both);
    expect(r).toEqual({
      status: 400,
      body: {
        type: "error",
        error: {
          type: "invalid_request_error",
          message: "`temperature` and `top_p` cannot both be specified for this model. Please use only one.",
        },
      },
    });
    expect((await claude("claude-opus-4-6", { temperature: 0 })).status).toBe(200);
    expect((await claude("claude-3-5-sonnet-20241022", both)).status).toBe(200);
  });

  it.each(["claude-opus-4-7", "claude-opus-4-8", "claude-opus-5"])(
    "%s refuses temperature 0: the sampling parameters were removed",
    async (model) => {
      const r = await claude(model, { temperature: 0 });
      expect(r).toEqual({
        status: 400,
        body: {
          type: "error",
          error: { type: "invalid_request_error", message: "`temperature` is deprecated for this model." },
        },
      });
      expect((await claude(model)).status).toBe(200);
    },
  );

  it("answers a forced tool with a tool_use block whose input fits the tool's schema", async () => {
    const schema = {
      type: "object",
      properties: {
        verdict: { type: "string", enum: ["malicious", "suspicious", "benign"] },
        confidence: { type: "number" },
      },
      required: ["verdict", "confidence"],
    };
    const r = await post("/v1/messages", {
      model: "claude-opus-4-6",
      max_tokens: 300,
      messages: [{ role: "user", content: "acrnebank.com has a login form and is listed on OpenPhish." }],
      tools: [{ name: "audit_verdict", description: "the verdict", input_schema: schema }],
      tool_choice: { type: "tool", name: "audit_verdict" },
    });
    expect(r.status).toBe(200);
    expect(r.body.stop_reason).toBe("tool_use");
    const [block] = r.body.content as Array<{
      type: string;
      name: string;
      id: string;
      input: Record<string, unknown>;
    }>;
    expect(block).toMatchObject({ type: "tool_use", name: "audit_verdict", input: { verdict: "malicious" } });
    expect(block!.id).toMatch(/^toolu_/);
    const real = new Set(paths(realBody("anthropic/claude-sonnet-4-5-tool-use.json")));
    const world = new Set(paths(r.body));
    const missing = [...real].filter((p) => !world.has(p) && !/usage\.|\.input\./.test(p));
    expect(missing).toEqual([]);
  });

  it("streams a forced tool call as input_json_delta events that join into the input", async () => {
    const res = await fetch(`${llm.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
      body: JSON.stringify({
        model: "claude-sonnet-4-6",
        max_tokens: 300,
        stream: true,
        messages: [{ role: "user", content: "acrnebank.com is listed on OpenPhish and has a login form." }],
        tools: [
          {
            name: "audit_verdict",
            input_schema: { type: "object", properties: { verdict: { type: "string" } } },
          },
        ],
        tool_choice: { type: "tool", name: "audit_verdict" },
      }),
    });
    const events = (await res.text())
      .split("\n\n")
      .filter((e) => e.startsWith("event: "))
      .map((e) => JSON.parse(e.slice(e.indexOf("data: ") + 6)) as StreamEvent);
    expect(events[1]!.content_block).toMatchObject({ type: "tool_use", name: "audit_verdict", input: {} });
    const json = events
      .filter((e) => e.type === "content_block_delta")
      .map((e) => e.delta!.partial_json)
      .join("");
    expect(JSON.parse(json)).toEqual({ verdict: "malicious" });
    expect(events.find((e) => e.type === "message_delta")!.delta!.stop_reason).toBe("tool_use");
  });

  it("reads Claude versions from model ids as the API, Bedrock and Vertex spell them", () => {
    expect(claudeVersion("claude-opus-4-6")).toEqual({ family: "opus", major: 4, minor: 6 });
    expect(claudeVersion("claude-sonnet-4-5-20250929")).toEqual({ family: "sonnet", major: 4, minor: 5 });
    expect(claudeVersion("claude-sonnet-4-20250514")).toEqual({ family: "sonnet", major: 4, minor: 0 });
    expect(claudeVersion("claude-3-5-sonnet-20241022")).toEqual({ family: "sonnet", major: 3, minor: 5 });
    expect(claudeVersion("us.anthropic.claude-opus-4-6-v1:0")).toEqual({
      family: "opus",
      major: 4,
      minor: 6,
    });
    expect(claudeVersion("claude-opus-4-1@20250805")).toEqual({ family: "opus", major: 4, minor: 1 });
    expect(claudeVersion("llama3.1:8b")).toBeNull();
  });
});
