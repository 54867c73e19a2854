/**
 * One provider interface for the AI layer, with two wire implementations: the OpenAI-compatible
 * chat completions API (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio...) and Anthropic Messages.
 * Requests are shaped to what today's models accept: reasoning models get `max_completion_tokens`
 * and no temperature (model-family.ts); Claude gets structured output through a forced tool call,
 * never an assistant prefill (refused from Claude 4.6 on), and no temperature from Opus 4.7 on.
 * Every call has a timeout, retries 429/5xx/network errors with backoff (honouring Retry-After),
 * and charges its tokens to an optional budget.
 */
import { BodyTooLargeError } from "@brandwarden/platform/http/capped-body";
import { retryAfterMs } from "@brandwarden/platform/http/retry-after";
import type { TokenBudget } from "./budget.ts";
import { blockedAddressMessage } from "../../lib/network-errors.ts";
import type { LlmFetch } from "./llm.port.ts";
import {
  acceptsSystemMessage,
  claudeAcceptsTemperature,
  isOpenAiReasoningModel,
  REASONING_ALLOWANCE_TOKENS,
} from "./model-family.ts";
import { imageFence } from "./prompt.ts";

interface LlmMessage {
  /** Instructions: trusted text written by the service. */
  system: string;
  /** The user turn (evidence is fenced inside it by the caller). */
  user: string;
  /**
   * Images (data URIs) for providers that accept them; dropped when the provider does not. They
   * come from the outside world, so each is sent inside its own untrusted-evidence fence.
   */
  images?: string[];
}

export interface LlmRequest extends LlmMessage {
  /** Ask for a JSON object; `schema` is a JSON schema the OpenAI json_schema format can carry. */
  json?: { name: string; schema: Record<string, unknown> };
  /** Output tokens allowed for this answer. */
  maxTokens: number;
  /** A previous assistant answer and the correction asked for it (the one repair attempt). */
  repair?: { previous: string; problem: string };
  signal?: AbortSignal;
  budget?: TokenBudget;
}

interface LlmResponse {
  text: string;
  usage: { input_tokens: number; output_tokens: number };
}

export interface LlmProvider {
  readonly kind: "openai" | "anthropic";
  readonly model: string;
  readonly acceptsImages: boolean;
  complete(req: LlmRequest): Promise<LlmResponse>;
}

export type LlmErrorKind =
  | "timeout"
  | "rate_limited"
  | "server_error"
  | "network"
  | "refused"
  | "bad_response"
  | "http"
  | "budget"
  | "cancelled";

/** A provider call that failed after its retries; `kind` says why. */
export class LlmError extends Error {
  override readonly name = "LlmError";
  constructor(
    message: string,
    readonly kind: LlmErrorKind,
    readonly status: number | null = null,
  ) {
    super(message);
  }
  get retryable(): boolean {
    return this.kind === "rate_limited" || this.kind === "server_error" || this.kind === "network";
  }
}

export interface HttpProviderOptions {
  kind: "openai" | "anthropic";
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per-attempt timeout (default 30 s). */
  timeoutMs?: number;
  /** Retries after the first attempt on 429/5xx/network errors (default 2). */
  maxRetries?: number;
  /** First backoff (default 500 ms), doubled each retry, with jitter; Retry-After wins when longer. */
  backoffMs?: number;
  /** Longest single wait before a retry (default 10 s). */
  maxBackoffMs?: number;
  /** Whether images are sent (default true). */
  images?: boolean;
  /** OpenAI-compatible JSON mode: `json_schema` (default), `json_object`, or `none` (prompt only). */
  jsonMode?: "json_schema" | "json_object" | "none";
  /**
   * OpenAI-compatible: the model is a reasoning model (`max_completion_tokens`, no temperature).
   * Default: told from the model name; set it for a deployment whose name does not say (Azure).
   */
  reasoning?: boolean;
  /** The guarded fetch (`createLlmHttp`); there is deliberately no unguarded default. */
  fetch: LlmFetch;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmError("cancelled", "cancelled"));
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new LlmError("cancelled", "cancelled"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Rough token count for budgeting before the answer says the real one (4 characters a token). */
function estimateTokens(req: LlmMessage & { repair?: LlmRequest["repair"] }): number {
  const chars = req.system.length + req.user.length + (req.repair ? req.repair.previous.length + 200 : 0);
  return Math.ceil(chars / 4) + (req.images?.length ?? 0) * 1_000;
}

function parseDataUri(uri: string): { mediaType: string; data: string } | null {
  const m = /^data:([\w/+.-]+);base64,(.+)$/s.exec(uri);
  return m ? { mediaType: m[1]!, data: m[2]! } : null;
}

interface WireCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The output tokens the request allows (reasoning included): what the budget reserves. */
  maxOutputTokens: number;
  read(json: unknown): LlmResponse;
}

/** Each image part between the text parts that open and close its fence. */
function fencedImages<T>(images: T[], part: (image: T) => unknown): unknown[] {
  return images.flatMap((image, i) => {
    const { open, close } = imageFence(`image ${i + 1}`);
    return [{ type: "text", text: open }, part(image), { type: "text", text: close }];
  });
}

/** A user turn that carries the instructions first, for a model that takes no system message. */
function withInstructions(system: string, content: string | unknown[]): string | unknown[] {
  return typeof content === "string"
    ? `${system}\n\n${content}`
    : [{ type: "text", text: system }, ...content];
}

function openaiCall(o: HttpProviderOptions, req: LlmRequest, images: string[]): WireCall {
  const userContent = images.length
    ? [
        { type: "text", text: req.user },
        ...fencedImages(images, (url) => ({ type: "image_url", image_url: { url } })),
      ]
    : req.user;
  const messages: Array<{ role: string; content: unknown }> = acceptsSystemMessage(o.model)
    ? [
        { role: "system", content: req.system },
        { role: "user", content: userContent },
      ]
    : [{ role: "user", content: withInstructions(req.system, userContent) }];
  if (req.repair) {
    messages.push({ role: "assistant", content: req.repair.previous });
    messages.push({ role: "user", content: req.repair.problem });
  }
  const mode = o.jsonMode ?? "json_schema";
  const response_format =
    !req.json || mode === "none"
      ? undefined
      : mode === "json_object"
        ? { type: "json_object" }
        : {
            type: "json_schema",
            json_schema: { name: req.json.name, schema: req.json.schema, strict: true },
          };
  const reasoning = o.reasoning ?? isOpenAiReasoningModel(o.model);
  const maxOutputTokens = req.maxTokens + (reasoning ? REASONING_ALLOWANCE_TOKENS : 0);
  // Reasoning models take only the default temperature; other servers get 0 for steady answers.
  const limits = reasoning
    ? { max_completion_tokens: maxOutputTokens }
    : { max_tokens: maxOutputTokens, temperature: 0 };
  return {
    url: `${o.baseUrl.replace(/\/+$/, "")}/chat/completions`,
    headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {},
    body: { model: o.model, messages, ...limits, ...(response_format ? { response_format } : {}) },
    maxOutputTokens,
    read(json) {
      const j = json as {
        choices?: Array<{ message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }>;
        usage?: { prompt_tokens?: number; completion_tokens?: number };
      };
      const choice = j?.choices?.[0];
      const content = choice?.message?.content;
      if (typeof choice?.message?.refusal === "string" && choice.message.refusal)
        throw new LlmError(`the model declined: ${choice.message.refusal.slice(0, 200)}`, "bad_response");
      if ((content === "" || content === null) && choice?.finish_reason === "length")
        throw new LlmError(
          `the model used its ${maxOutputTokens} output tokens before answering (finish_reason "length")`,
          "bad_response",
        );
      if (typeof content !== "string") throw new LlmError("answer has no message content", "bad_response");
      return {
        text: content,
        usage: {
          input_tokens: j.usage?.prompt_tokens ?? 0,
          output_tokens: j.usage?.completion_tokens ?? Math.ceil(content.length / 4),
        },
      };
    },
  };
}

function anthropicCall(o: HttpProviderOptions, req: LlmRequest, images: string[]): WireCall {
  const imageParts = fencedImages(
    images.map(parseDataUri).filter((x) => x !== null),
    (img) => ({ type: "image", source: { type: "base64", media_type: img.mediaType, data: img.data } }),
  );
  const messages: Array<{ role: string; content: unknown }> = [
    { role: "user", content: [{ type: "text", text: req.user }, ...imageParts] },
  ];
  // The conversation always ends with a user turn: Claude 4.6 and later refuse an assistant prefill.
  if (req.repair) {
    messages.push({ role: "assistant", content: req.repair.previous });
    messages.push({ role: "user", content: req.repair.problem });
  }
  // Structured output as the Messages API intends: one tool whose input is the object, forced
  // with tool_choice; the answer is that tool_use block's `input`.
  const tool = req.json
    ? {
        tools: [
          {
            name: req.json.name,
            description: "Record the answer: its input is the JSON object the instructions describe.",
            input_schema: req.json.schema,
          },
        ],
        tool_choice: { type: "tool", name: req.json.name },
      }
    : {};
  return {
    url: `${o.baseUrl.replace(/\/+$/, "")}/v1/messages`,
    headers: {
      "anthropic-version": "2023-06-01",
      ...(o.apiKey ? { "x-api-key": o.apiKey } : {}),
    },
    body: {
      model: o.model,
      system: req.system,
      messages,
      max_tokens: req.maxTokens,
      ...(claudeAcceptsTemperature(o.model) ? { temperature: 0 } : {}),
      ...tool,
    },
    maxOutputTokens: req.maxTokens,
    read(json) {
      const j = json as {
        content?: Array<{ type?: string; text?: unknown; name?: unknown; input?: unknown }>;
        usage?: { input_tokens?: number; output_tokens?: number };
      };
      if (!Array.isArray(j?.content)) throw new LlmError("answer has no content", "bad_response");
      const call = req.json
        ? j.content.find((c) => c.type === "tool_use" && c.name === req.json!.name && c.input !== undefined)
        : undefined;
      // A server that ignores tools (an older proxy) answers in text: the JSON is read from it.
      const text = call
        ? JSON.stringify(call.input)
        : j.content.map((c) => (c.type === "text" && typeof c.text === "string" ? c.text : "")).join("");
      return {
        text,
        usage: {
          input_tokens: j.usage?.input_tokens ?? 0,
          output_tokens: j.usage?.output_tokens ?? Math.ceil(text.length / 4),
        },
      };
    },
  };
}

function errorMessageOf(text: string): string {
  try {
    const j = JSON.parse(text) as { error?: { message?: unknown } | string };
    const m = typeof j.error === "string" ? j.error : j.error?.message;
    if (typeof m === "string") return m.slice(0, 300);
  } catch {
    // not JSON
  }
  return text.slice(0, 200);
}

export function createHttpProvider(o: HttpProviderOptions): LlmProvider {
  const doFetch = o.fetch;
  const timeoutMs = o.timeoutMs ?? 30_000;
  const maxRetries = o.maxRetries ?? 2;
  const backoffMs = o.backoffMs ?? 500;
  const maxBackoffMs = o.maxBackoffMs ?? 10_000;
  const acceptsImages = o.images ?? true;

  async function attempt(call: WireCall, signal?: AbortSignal): Promise<LlmResponse> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let res: Awaited<ReturnType<LlmFetch>>;
    let text: string;
    try {
      res = await doFetch(call.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", ...call.headers },
        body: JSON.stringify(call.body),
        signal: combined,
      });
      text = await res.text();
    } catch (err) {
      if (signal?.aborted) throw new LlmError("cancelled", "cancelled");
      if (timeout.aborted) throw new LlmError(`timed out after ${timeoutMs} ms`, "timeout");
      // An oversized answer is not retried: the same question gets the same answer.
      if (err instanceof BodyTooLargeError) throw new LlmError(err.message, "bad_response");
      const blocked = blockedAddressMessage(err);
      if (blocked)
        throw new LlmError(
          `${blocked}; a local LLM server is reached only when named in LLM_LOCAL_HOSTS`,
          "refused",
        );
      const cause = (err as { cause?: Error }).cause?.message;
      throw new LlmError(`network error: ${(err as Error).message}${cause ? ` (${cause})` : ""}`, "network");
    }
    if (res.status === 429) {
      const e = new LlmError(`rate limited (429): ${errorMessageOf(text)}`, "rate_limited", 429);
      throw Object.assign(e, { retryAfterMs: retryAfterMs(res.headers.get("retry-after"), Date.now()) });
    }
    if (res.status >= 500)
      throw new LlmError(`server error (${res.status}): ${errorMessageOf(text)}`, "server_error", res.status);
    if (!res.ok) throw new LlmError(`HTTP ${res.status}: ${errorMessageOf(text)}`, "http", res.status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new LlmError("answer body is not JSON", "bad_response", res.status);
    }
    return call.read(json);
  }

  return {
    kind: o.kind,
    model: o.model,
    acceptsImages,
    async complete(req) {
      const images = acceptsImages ? (req.images ?? []) : [];
      const call = o.kind === "openai" ? openaiCall(o, req, images) : anthropicCall(o, req, images);
      const estimate = estimateTokens({ ...req, images }) + call.maxOutputTokens;
      for (let i = 0; ; i++) {
        if (req.signal?.aborted) throw new LlmError("cancelled", "cancelled");
        const reservation = req.budget?.reserve(estimate);
        if (req.budget && !reservation) throw new LlmError("the scan's token budget is spent", "budget");
        try {
          const answer = await attempt(call, req.signal);
          reservation?.settle(answer.usage.input_tokens + answer.usage.output_tokens);
          return answer;
        } catch (err) {
          // A failed attempt may still have been charged by the provider: keep the input estimate.
          reservation?.settle(err instanceof LlmError && err.kind === "timeout" ? estimate : 0);
          if (!(err instanceof LlmError) || !err.retryable || i >= maxRetries) throw err;
          const jittered = backoffMs * 2 ** i * (0.75 + Math.random() * 0.5);
          const hinted = (err as { retryAfterMs?: number | null }).retryAfterMs ?? 0;
          await sleep(Math.min(maxBackoffMs, Math.max(jittered, hinted)), req.signal);
        }
      }
    },
  };
}
