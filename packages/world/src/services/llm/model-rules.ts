// What today's hosted models refuse, per model family, with the real status and error body.
//
// OpenAI reasoning models (the o1/o3/o4 series, the GPT-5 family) refuse `max_tokens` and any
// `temperature` but the default: "Reasoning models" and the Chat Completions reference
// (platform.openai.com/docs/guides/reasoning, /docs/api-reference/chat/create: "max_tokens ... is
// not compatible with o-series models"). The bodies are the ones the API answers, as reported in
// public issues (griptape-ai/ComfyUI-Griptape#312 for gpt-5, teilomillet/gollm#33 for o1/o3-mini,
// gabrii/Cursor-Azure-GPT-5#33 and OpenHands/OpenHands#4131 for temperature). The first
// reasoning models, o1-mini and o1-preview, also refuse a system (or developer) message: body as
// recorded in pydantic/pydantic-ai tests/models/cassettes/test_openai/test_openai_o1_mini_system_role.
//
// Anthropic: Claude 4.6 and later refuse a conversation that ends with an assistant turn
// (prefill), as Anthropic's migration notes say ("prefilled responses are no longer supported"
// from Claude Opus 4.6; bodies as in smallmain/vscode-unify-chat-provider#249 and
// Kilo-Org/kilocode#13286), and Claude 4.1+ (Opus 4.1, the 4.5 and 4.6 families) refuse
// `temperature` and `top_p` together (langfuse/langfuse#9882, skydiscover-ai/skydiscover#15).
// Claude Opus 4.7 and later removed the sampling parameters: a non-default `temperature`, `top_p`
// or `top_k` is refused (Anthropic's "What's new in Claude 4.7: sampling parameters removed";
// bodies as in rocketride-org/rocketride-server#1194, BoltAI/BoltAI#410, vercel/ai#16853).
// Older models (gpt-4o, claude-3-5-sonnet) and self-hosted OpenAI-compatible servers (Ollama,
// vLLM: any other model name) accept all of these.

export interface Refusal {
  status: 400;
  body: unknown;
}

/** The o-series and GPT-5 (and later) families, also behind a routing prefix (`openai/gpt-5`). */
export function isOpenAiReasoningModel(model: string): boolean {
  return /(?:^|\/)(?:o[1-9]|gpt-(?:[5-9]|\d{2,}))(?:[.\-_:]|$)/i.test(model.trim());
}

const openaiInvalid = (message: string, param: string, code: string): Refusal => ({
  status: 400,
  body: { error: { message, type: "invalid_request_error", param, code } },
});

/** The refusal an OpenAI chat completions request gets for its model, or null when accepted. */
export function openaiRefusal(body: Record<string, unknown>): Refusal | null {
  const model = typeof body.model === "string" ? body.model : "";
  if (!isOpenAiReasoningModel(model)) return null;
  if (/(?:^|\/)o1-(?:mini|preview)/i.test(model)) {
    const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: unknown }>) : [];
    const i = messages.findIndex((m) => m?.role === "system" || m?.role === "developer");
    if (i >= 0) {
      const param = `messages[${i}].role`;
      return openaiInvalid(
        `Unsupported value: '${param}' does not support '${String(messages[i]!.role)}' with this model.`,
        param,
        "unsupported_value",
      );
    }
  }
  if (body.max_tokens !== undefined && body.max_tokens !== null) {
    return openaiInvalid(
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      "max_tokens",
      "unsupported_parameter",
    );
  }
  for (const param of ["temperature", "top_p"] as const) {
    const v = body[param];
    if (v === undefined || v === null || v === 1) continue;
    return openaiInvalid(
      `Unsupported value: '${param}' does not support ${JSON.stringify(v)} with this model. Only the default (1) value is supported.`,
      param,
      "unsupported_value",
    );
  }
  return null;
}

/**
 * Claude's version from its model id: `claude-opus-4-6`, `claude-sonnet-4-5-20250929`,
 * `claude-opus-5`, `claude-3-5-sonnet-20241022`, `claude-sonnet-4-20250514` (4.0). Null for
 * other names (a proxy's or a local server's model).
 */
export function claudeVersion(model: string): { family: string; major: number; minor: number } | null {
  const id = model
    .trim()
    .toLowerCase()
    .replace(/^.*\//, "")
    .replace(/^(?:[a-z]{2,4}\.)?anthropic\./, "");
  const named = /^claude-([a-z]+)-(\d+)(?:-(\d{1,2}))?(?:-\d{8})?(?:[@:-].*)?$/.exec(id);
  if (named) return { family: named[1]!, major: Number(named[2]), minor: Number(named[3] ?? 0) };
  const legacy = /^claude-(\d+)(?:-(\d))?-([a-z]+)/.exec(id);
  return legacy ? { family: legacy[3]!, major: Number(legacy[1]), minor: Number(legacy[2] ?? 0) } : null;
}

const atLeast = (v: { major: number; minor: number }, major: number, minor: number) =>
  v.major > major || (v.major === major && v.minor >= minor);

const anthropicInvalid = (message: string): Refusal => ({
  status: 400,
  body: { type: "error", error: { type: "invalid_request_error", message } },
});

/** The refusal an Anthropic Messages request gets for its model, or null when accepted. */
export function anthropicRefusal(
  body: Record<string, unknown>,
  lastRole: string | undefined,
): Refusal | null {
  const version = claudeVersion(typeof body.model === "string" ? body.model : "");
  if (!version) return null;
  if (lastRole === "assistant" && atLeast(version, 4, 6)) {
    return anthropicInvalid(
      "This model does not support assistant message prefill. The conversation must end with a user message.",
    );
  }
  if (version.family === "opus" && atLeast(version, 4, 7)) {
    const set = (["temperature", "top_p", "top_k"] as const).find(
      (p) => body[p] !== undefined && body[p] !== null && !(p === "temperature" && body[p] === 1),
    );
    if (set) return anthropicInvalid(`\`${set}\` is deprecated for this model.`);
  }
  if (body.temperature !== undefined && body.top_p !== undefined && atLeast(version, 4, 1)) {
    return anthropicInvalid(
      "`temperature` and `top_p` cannot both be specified for this model. Please use only one.",
    );
  }
  return null;
}
