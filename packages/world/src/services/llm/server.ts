import type { Llm, LlmFaults, LlmScript } from "../../scenario/services-schema.ts";
import { LlmFaultsSchema, LlmScriptSchema } from "../../scenario/services-schema.ts";
import { createApp, listen } from "../http.ts";
import type { Listening } from "../http.ts";
import type { ChatReply, LlmRequestRecord, LlmState } from "./core.ts";
import { pickScript } from "./core.ts";
import { anthropicRoutes, openaiRoutes } from "./protocols.ts";

// The LLM server: OpenAI-compatible /v1/chat/completions, /v1/embeddings, /v1/models and
// Anthropic-compatible /v1/messages on one port. Answers come from scripts (first whose
// `when_contains` occurs in the prompt) or the rule-based defaults; faults are switchable
// at runtime over /__control/*, and every API request is recorded.

export interface RunningLlm extends Listening {
  openaiBaseUrl: string;
  anthropicBaseUrl: string;
  apiKey: string;
  requests(): LlmRequestRecord[];
  clear(): void;
  setFaults(f: Partial<LlmFaults>): void;
  addScript(s: LlmScript): void;
}

export async function startLlm(llm: Llm, host: string, port: number): Promise<RunningLlm> {
  const state: LlmState = {
    apiKey: llm.api_key,
    model: llm.model,
    scripts: [...llm.scripts],
    faults: { ...llm.faults },
    requests: [],
  };
  const initialScripts = [...llm.scripts];
  const initialFaults = { ...llm.faults };
  const app = createApp();
  const parseBody = (b: unknown): unknown => (typeof b === "string" ? JSON.parse(b || "{}") : (b ?? {}));

  app.get("/__control/faults", async () => state.faults);
  app.post("/__control/faults", async (req, reply) => {
    const r = LlmFaultsSchema.partial().safeParse(parseBody(req.body));
    if (!r.success) return reply.code(422).send({ error: "invalid", message: r.error.message });
    Object.assign(state.faults, r.data);
    return state.faults;
  });
  app.post("/__control/scripts", async (req, reply) => {
    const body = parseBody(req.body);
    const r = LlmScriptSchema.array().safeParse(Array.isArray(body) ? body : [body]);
    if (!r.success) return reply.code(422).send({ error: "invalid", message: r.error.message });
    // Runtime scripts take precedence over the scenario's.
    state.scripts.unshift(...r.data);
    return { scripts: state.scripts };
  });
  app.delete("/__control/scripts", async () => {
    state.scripts = [...initialScripts];
    return { scripts: state.scripts };
  });
  app.get("/__control/requests", async () => ({ requests: state.requests }));
  app.delete("/__control/requests", async () => {
    state.requests.length = 0;
    return { requests: [] };
  });
  app.post("/__control/reset", async () => {
    state.requests.length = 0;
    state.scripts = [...initialScripts];
    state.faults = { ...initialFaults };
    return { ok: true };
  });

  const answer = (prompt: string, userText: string, wantsJson: boolean, schema: unknown): ChatReply => ({
    scripted: pickScript(state, prompt),
    userText,
    wantsJson,
    schema,
  });
  openaiRoutes(app, state, answer);
  anthropicRoutes(app, state, answer);

  const l = await listen(app, host, port);
  return {
    ...l,
    openaiBaseUrl: `${l.url}/v1`,
    anthropicBaseUrl: l.url,
    apiKey: state.apiKey,
    requests: () => state.requests,
    clear: () => {
      state.requests.length = 0;
    },
    setFaults: (f) => Object.assign(state.faults, f),
    addScript: (s) => state.scripts.unshift(s),
  };
}
