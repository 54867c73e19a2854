import type { FastifyInstance, FastifyReply } from "fastify";
import { randomToken } from "../social/common.ts";
import { EMBEDDING_DIM, approxTokens, embed } from "./answers.ts";
import type { ChatReply, LlmState } from "./core.ts";
import { composeContent, preflight, refuse } from "./core.ts";
import { anthropicRefusal, isOpenAiReasoningModel, openaiRefusal } from "./model-rules.ts";

// Wire formats: OpenAI chat completions / embeddings / models and Anthropic messages,
// including their streaming (server-sent events) variants. Response shapes follow recorded
// answers of the real APIs (pydantic/pydantic-ai tests/models/cassettes: o3-mini and gpt-5 chat
// completions with `completion_tokens_details.reasoning_tokens`, claude-opus-4-6 `tool_use`
// answers to a forced `tool_choice`); what each model family refuses is in model-rules.ts.

/**
 * Reasoning tokens a reasoning model spends before it answers (the recorded o3-mini answer to a
 * short question spent 192). They count against `max_completion_tokens`: a limit below them
 * leaves an empty answer with finish_reason "length", as the real models do.
 */
const REASONING_TOKENS = 192;

type Answer = (prompt: string, userText: string, wantsJson: boolean, schema: unknown) => ChatReply;
type Part = { type?: string; text?: string };
type Content = string | Part[] | null | undefined;
interface Msg {
  role?: string;
  content?: Content;
}

function textOf(c: Content): string {
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((p) => (typeof p?.text === "string" ? p.text : "")).join("\n");
  return "";
}

let seq = 0;
const newId = (prefix: string) =>
  `${prefix}${randomToken(`${prefix}${Date.now()}:${seq++}`, 24, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}`;

function sse(
  reply: FastifyReply,
  events: Array<{ event?: string; data: unknown }>,
  done = false,
): FastifyReply {
  const body =
    events
      .map((e) => (e.event ? `event: ${e.event}\n` : "") + `data: ${JSON.stringify(e.data)}\n\n`)
      .join("") + (done ? "data: [DONE]\n\n" : "");
  return reply.type("text/event-stream; charset=utf-8").header("cache-control", "no-cache").send(body);
}

function chunks(s: string, n = 24): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += n) out.push(s.slice(i, i + n));
  return out.length ? out : [""];
}

export function openaiRoutes(app: FastifyInstance, state: LlmState, answer: Answer): void {
  app.post("/v1/chat/completions", async (req, reply) => {
    const body = (req.body ?? {}) as {
      model?: string;
      messages?: Msg[];
      stream?: boolean;
      max_tokens?: number;
      max_completion_tokens?: number;
      response_format?: { type?: string; json_schema?: { schema?: unknown } };
    };
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const prompt = messages.map((m) => textOf(m.content)).join("\n");
    const admitted = await preflight(state, "openai", req, reply, prompt);
    if (admitted === null) return reply;
    const { outcome, record } = admitted;
    if (messages.length === 0) {
      return refuse(reply, record, 400, {
        error: {
          message: "'messages' is a required property",
          type: "invalid_request_error",
          param: "messages",
          code: null,
        },
      });
    }
    const refusal = openaiRefusal(body as Record<string, unknown>);
    if (refusal) return refuse(reply, record, refusal.status, refusal.body);
    const rf = body.response_format?.type;
    const wantsJson = rf === "json_object" || rf === "json_schema" || /\bjson\b/i.test(prompt);
    const userText = messages
      .filter((m) => m.role === "user")
      .map((m) => textOf(m.content))
      .join("\n");
    let content = composeContent(
      answer(prompt, userText, wantsJson, body.response_format?.json_schema?.schema),
      outcome,
    );
    const id = newId("chatcmpl-");
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? state.model;
    const reasoningTokens = isOpenAiReasoningModel(model) ? REASONING_TOKENS : 0;
    let finishReason = "stop";
    const limit = body.max_completion_tokens;
    if (reasoningTokens > 0 && typeof limit === "number" && reasoningTokens + approxTokens(content) > limit) {
      content = limit > reasoningTokens ? content.slice(0, (limit - reasoningTokens) * 4) : "";
      finishReason = "length";
    }
    const completionTokens = (content ? approxTokens(content) : 0) + reasoningTokens;
    const usage = {
      prompt_tokens: approxTokens(prompt),
      completion_tokens: completionTokens,
      total_tokens: approxTokens(prompt) + completionTokens,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: reasoningTokens,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    };
    if (body.stream) {
      const base = { id, object: "chat.completion.chunk", created, model, system_fingerprint: "fp_world" };
      const events = [
        {
          data: {
            ...base,
            choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
          },
        },
        ...chunks(content).map((c) => ({
          data: { ...base, choices: [{ index: 0, delta: { content: c }, finish_reason: null }] },
        })),
        { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReason }] } },
      ];
      return sse(reply, events, true);
    }
    return {
      id,
      object: "chat.completion",
      created,
      model,
      system_fingerprint: "fp_world",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      usage,
    };
  });

  app.post("/v1/embeddings", async (req, reply) => {
    const body = (req.body ?? {}) as {
      input?: unknown;
      model?: string;
      dimensions?: number;
      encoding_format?: string;
    };
    const raw = body.input;
    const inputs: string[] =
      typeof raw === "string"
        ? [raw]
        : Array.isArray(raw)
          ? raw.map((x) => (typeof x === "string" ? x : JSON.stringify(x)))
          : [];
    const admitted = await preflight(state, "openai", req, reply, inputs.join("\n"));
    if (admitted === null) return reply;
    if (inputs.length === 0) {
      return refuse(reply, admitted.record, 400, {
        error: {
          message: "'input' is a required property",
          type: "invalid_request_error",
          param: "input",
          code: null,
        },
      });
    }
    const dim = body.dimensions && body.dimensions > 0 ? body.dimensions : EMBEDDING_DIM;
    const data = inputs.map((text, index) => {
      const v = embed(text, dim);
      // encoding_format=base64: little-endian float32, as the OpenAI SDK requests by default.
      const embedding =
        body.encoding_format === "base64" ? Buffer.from(new Float32Array(v).buffer).toString("base64") : v;
      return { object: "embedding", index, embedding };
    });
    const tokens = inputs.reduce((a, s) => a + approxTokens(s), 0);
    return {
      object: "list",
      data,
      model: body.model ?? "world-embed-1",
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    };
  });

  app.get("/v1/models", async (req) => {
    if (req.headers["anthropic-version"]) {
      return {
        data: [
          { type: "model", id: state.model, display_name: state.model, created_at: "2024-01-01T00:00:00Z" },
        ],
        has_more: false,
        first_id: state.model,
        last_id: state.model,
      };
    }
    return {
      object: "list",
      data: [state.model, "world-embed-1"].map((id) => ({
        id,
        object: "model",
        created: 1704067200,
        owned_by: "world",
      })),
    };
  });
}

interface AnthropicTool {
  name?: string;
  input_schema?: unknown;
}

/** The tool a `tool_choice` forces (`{type:"tool", name}`, or `{type:"any"}` with one tool), if any. */
function forcedTool(tools: AnthropicTool[], choice: { type?: string; name?: string } | undefined) {
  if (choice?.type === "tool") return tools.find((t) => t.name === choice.name);
  if (choice?.type === "any") return tools[0];
  return undefined;
}

/** A forced tool call's input: the answer's JSON object, or an empty object when it has none. */
function toolInput(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type AnthropicBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

function anthropicStream(reply: FastifyReply, message: Record<string, unknown>, block: AnthropicBlock) {
  const usage = message.usage as { input_tokens: number; output_tokens: number };
  const start =
    block.type === "text"
      ? { type: "text", text: "" }
      : { type: "tool_use", id: block.id, name: block.name, input: {} };
  const deltas =
    block.type === "text"
      ? chunks(block.text).map((c) => ({ type: "text_delta", text: c }))
      : chunks(JSON.stringify(block.input)).map((c) => ({ type: "input_json_delta", partial_json: c }));
  return sse(reply, [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
      },
    },
    { event: "content_block_start", data: { type: "content_block_start", index: 0, content_block: start } },
    ...deltas.map((delta) => ({
      event: "content_block_delta",
      data: { type: "content_block_delta", index: 0, delta },
    })),
    { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: message.stop_reason, stop_sequence: null },
        usage: { output_tokens: usage.output_tokens },
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  ]);
}

export function anthropicRoutes(app: FastifyInstance, state: LlmState, answer: Answer): void {
  app.post("/v1/messages", async (req, reply) => {
    const body = (req.body ?? {}) as {
      model?: string;
      max_tokens?: number;
      system?: Content;
      messages?: Msg[];
      stream?: boolean;
      tools?: AnthropicTool[];
      tool_choice?: { type?: string; name?: string };
    };
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const system = textOf(body.system);
    const prompt = [system, ...messages.map((m) => textOf(m.content))].filter(Boolean).join("\n");
    const admitted = await preflight(state, "anthropic", req, reply, prompt);
    if (admitted === null) return reply;
    const { outcome, record } = admitted;
    const invalid = (message: string) =>
      refuse(reply, record, 400, { type: "error", error: { type: "invalid_request_error", message } });
    if (!req.headers["anthropic-version"]) return invalid("anthropic-version: header is required");
    if (typeof body.max_tokens !== "number") return invalid("max_tokens: Field required");
    if (messages.length === 0) return invalid("messages: Field required");
    const last = messages[messages.length - 1];
    const refusal = anthropicRefusal(body as Record<string, unknown>, last?.role);
    if (refusal) return refuse(reply, record, refusal.status, refusal.body);
    const userText = messages
      .filter((m) => m.role === "user")
      .map((m) => textOf(m.content))
      .join("\n");
    const id = newId("msg_");
    const model = body.model ?? state.model;
    const tool = forcedTool(Array.isArray(body.tools) ? body.tools : [], body.tool_choice);
    let block: AnthropicBlock;
    if (tool) {
      // Structured output as the Messages API intends: the forced tool's call carries the object.
      const json = composeContent(answer(prompt, userText, true, tool.input_schema), outcome);
      block = { type: "tool_use", id: newId("toolu_"), name: tool.name ?? "tool", input: toolInput(json) };
    } else {
      // A prefilled assistant turn ("{") is continued, as Claude before 4.6 does.
      const prefill = last?.role === "assistant" ? textOf(last.content) : "";
      const wantsJson = /\bjson\b/i.test(prompt) || prefill.trimStart().startsWith("{");
      let text = composeContent(answer(prompt, userText, wantsJson, undefined), outcome);
      if (prefill && text.startsWith(prefill)) text = text.slice(prefill.length);
      block = { type: "text", text };
    }
    const output = block.type === "text" ? block.text : JSON.stringify(block.input);
    const message = {
      id,
      type: "message",
      role: "assistant",
      model,
      content: [block],
      stop_reason: block.type === "tool_use" ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: approxTokens(prompt), output_tokens: approxTokens(output) },
    };
    if (body.stream) return anthropicStream(reply, message, block);
    return message;
  });
}
