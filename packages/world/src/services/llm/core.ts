import type { FastifyReply, FastifyRequest } from "fastify";
import type { LlmFaults, LlmScript } from "../../scenario/services-schema.ts";
import { sleep } from "../http.ts";
import { auditAnswer, fitToSchema, polishAnswer, textAnswer } from "./answers.ts";

// State and request pipeline shared by the OpenAI and Anthropic protocol handlers.

export interface LlmRequestRecord {
  api: "openai" | "anthropic";
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  prompt: string;
  status: number;
  received_at: string;
}

export interface LlmState {
  apiKey: string;
  model: string;
  scripts: LlmScript[];
  faults: LlmFaults;
  requests: LlmRequestRecord[];
}

export type FaultOutcome = "ok" | "malformed";

/** A request that passed auth and faults: how to answer it, and its record (to note a refusal). */
export interface Admitted {
  outcome: FaultOutcome;
  record: LlmRequestRecord;
}

/** Sends a 4xx the handler decided on and notes its status in the request log. */
export function refuse(reply: FastifyReply, record: LlmRequestRecord, status: number, body: unknown) {
  record.status = status;
  return reply.code(status).send(body);
}

/**
 * Auth, recording, delay and faults shared by both protocols. Returns how the handler should
 * answer, or null when an error reply was already sent.
 */
export async function preflight(
  state: LlmState,
  api: "openai" | "anthropic",
  req: FastifyRequest,
  reply: FastifyReply,
  prompt: string,
): Promise<Admitted | null> {
  const rec: LlmRequestRecord = {
    api,
    path: req.url,
    headers: { ...req.headers },
    body: req.body,
    prompt,
    status: 200,
    received_at: new Date().toISOString(),
  };
  state.requests.push(rec);
  const fail = (status: number, type: string, message: string) => {
    rec.status = status;
    const body =
      api === "openai"
        ? { error: { message, type, param: null, code: type } }
        : { type: "error", error: { type, message } };
    return reply.code(status).send(body);
  };
  if (state.apiKey) {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const key = api === "anthropic" ? ((req.headers["x-api-key"] as string | undefined) ?? bearer) : bearer;
    if (key !== state.apiKey) {
      if (api === "openai") {
        rec.status = 401;
        reply.code(401).send({
          error: {
            message: "Incorrect API key provided.",
            type: "invalid_request_error",
            param: null,
            code: "invalid_api_key",
          },
        });
      } else fail(401, "authentication_error", "invalid x-api-key");
      return null;
    }
  }
  const f = state.faults;
  const active = f.rate_limit || f.server_error || f.malformed || f.delay_ms > 0;
  if (active && f.times > 0) {
    // A counted fault hits the next `times` requests, then switches itself off.
    f.times -= 1;
    if (f.times === 0)
      queueMicrotask(() =>
        Object.assign(f, { rate_limit: false, server_error: false, malformed: false, delay_ms: 0 }),
      );
  }
  if (f.delay_ms > 0) await sleep(f.delay_ms);
  if (f.rate_limit) {
    reply.header("retry-after", String(f.retry_after_s));
    if (api === "anthropic") reply.header("anthropic-ratelimit-requests-remaining", "0");
    else reply.header("x-ratelimit-remaining-requests", "0");
    fail(
      429,
      api === "openai" ? "rate_limit_exceeded" : "rate_limit_error",
      "Rate limit reached for requests. Please try again later.",
    );
    return null;
  }
  if (f.server_error) {
    fail(
      500,
      api === "openai" ? "server_error" : "api_error",
      "The server had an error while processing your request.",
    );
    return null;
  }
  if (f.malformed && f.malformed_mode === "body") {
    rec.status = 200;
    reply
      .code(200)
      .type("application/json")
      .send('{"id":"broken","choices":[{"message":{"content":"{\\"verdict');
    return null;
  }
  return { outcome: f.malformed ? "malformed" : "ok", record: rec };
}

export function pickScript(state: LlmState, prompt: string): string | undefined {
  const low = prompt.toLowerCase();
  return state.scripts.find((s) => low.includes(s.when_contains.toLowerCase()))?.answer;
}

const BROKEN_CONTENT =
  'Sure! Here is my analysis: {"verdict": "malicious", "confidence": 0.9, "reasoning": "The domain';

export interface ChatReply {
  scripted: string | undefined;
  userText: string;
  wantsJson: boolean;
  schema: unknown;
}

/** The assistant text for a request: malformed fault, script, or the rule-based default. */
export function composeContent(r: ChatReply, outcome: FaultOutcome): string {
  if (outcome === "malformed") return BROKEN_CONTENT;
  if (r.scripted !== undefined) return r.scripted;
  if (!r.wantsJson) return textAnswer(r.userText);
  const asked = (r.schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  const polished = asked?.subject && asked.body ? polishAnswer(r.userText) : null;
  if (polished) return JSON.stringify(polished);
  const audit = auditAnswer(r.userText);
  return JSON.stringify(r.schema ? fitToSchema(r.schema as never, audit) : audit);
}
