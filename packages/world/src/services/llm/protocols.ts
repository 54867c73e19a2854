import type { FastifyInstance, FastifyReply } from "fastify";
import { randomToken } from "../social/common.ts";
import { EMBEDDING_DIM, approxTokens, embed } from "./answers.ts";
import type { ChatReply, LlmState } from "./core.ts";
import { composeContent, preflight } from "./core.ts";

// Wire formats: OpenAI chat completions / embeddings / models and Anthropic messages,
// including their streaming (server-sent events) variants.

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
      response_format?: { type?: string; json_schema?: { schema?: unknown } };
    };
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const prompt = messages.map((m) => textOf(m.content)).join("\n");
    const outcome = await preflight(state, "openai", req, reply, prompt);
    if (outcome === null) return reply;
    if (messages.length === 0) {
      return reply.code(400).send({
        error: {
          message: "'messages' is a required property",
          type: "invalid_request_error",
          param: "messages",
          code: null,
        },
      });
    }
    const rf = body.response_format?.type;
    const wantsJson = rf === "json_object" || rf === "json_schema" || /\bjson\b/i.test(prompt);
    const userText = messages
      .filter((m) => m.role === "user")
      .map((m) => textOf(m.content))
      .join("\n");
    const content = composeContent(
      answer(prompt, userText, wantsJson, body.response_format?.json_schema?.schema),
      outcome,
    );
    const id = newId("chatcmpl-");
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? state.model;
    const usage = {
      prompt_tokens: approxTokens(prompt),
      completion_tokens: approxTokens(content),
      total_tokens: approxTokens(prompt) + approxTokens(content),
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
        { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] } },
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
          message: { role: "assistant", content, refusal: null },
          logprobs: null,
          finish_reason: "stop",
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
    const outcome = await preflight(state, "openai", req, reply, inputs.join("\n"));
    if (outcome === null) return reply;
    if (inputs.length === 0) {
      return reply.code(400).send({
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

export function anthropicRoutes(app: FastifyInstance, state: LlmState, answer: Answer): void {
  app.post("/v1/messages", async (req, reply) => {
    const body = (req.body ?? {}) as {
      model?: string;
      max_tokens?: number;
      system?: Content;
      messages?: Msg[];
      stream?: boolean;
    };
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const system = textOf(body.system);
    const prompt = [system, ...messages.map((m) => textOf(m.content))].filter(Boolean).join("\n");
    const outcome = await preflight(state, "anthropic", req, reply, prompt);
    if (outcome === null) return reply;
    const invalid = (message: string) =>
      reply.code(400).send({ type: "error", error: { type: "invalid_request_error", message } });
    if (!req.headers["anthropic-version"]) return invalid("anthropic-version: header is required");
    if (typeof body.max_tokens !== "number") return invalid("max_tokens: Field required");
    if (messages.length === 0) return invalid("messages: Field required");
    const userText = messages
      .filter((m) => m.role === "user")
      .map((m) => textOf(m.content))
      .join("\n");
    const last = messages[messages.length - 1];
    // A prefilled assistant turn ("{") is continued, as Claude does.
    const prefill = last?.role === "assistant" ? textOf(last.content) : "";
    const wantsJson = /\bjson\b/i.test(prompt) || prefill.trimStart().startsWith("{");
    let text = composeContent(answer(prompt, userText, wantsJson, undefined), outcome);
    if (prefill && text.startsWith(prefill)) text = text.slice(prefill.length);
    const id = newId("msg_");
    const model = body.model ?? state.model;
    const usage = { input_tokens: approxTokens(prompt), output_tokens: approxTokens(text) };
    if (body.stream) {
      return sse(reply, [
        {
          event: "message_start",
          data: {
            type: "message_start",
            message: {
              id,
              type: "message",
              role: "assistant",
              model,
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage: { ...usage, output_tokens: 1 },
            },
          },
        },
        {
          event: "content_block_start",
          data: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        },
        ...chunks(text).map((c) => ({
          event: "content_block_delta",
          data: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: c } },
        })),
        { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
        {
          event: "message_delta",
          data: {
            type: "message_delta",
            delta: { stop_reason: "end_turn", stop_sequence: null },
            usage: { output_tokens: usage.output_tokens },
          },
        },
        { event: "message_stop", data: { type: "message_stop" } },
      ]);
    }
    return {
      id,
      type: "message",
      role: "assistant",
      model,
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage,
    };
  });
}
