/**
 * What a model accepts, told from its name. OpenAI's reasoning models (the o1/o3/o4 series and the
 * GPT-5 family) refuse `max_tokens` (they take `max_completion_tokens`, which also counts their
 * reasoning tokens) and any `temperature` but the default: platform.openai.com/docs/guides/reasoning
 * and the Chat Completions reference. Other OpenAI-compatible servers keep `max_tokens`: Ollama's
 * OpenAI layer reads `max_tokens` and silently ignores `max_completion_tokens`
 * (ollama/ollama openai/openai.go, ChatCompletionRequest), so that is what they get.
 *
 * Claude: from Opus 4.7 on the sampling parameters are removed and `temperature` is refused
 * (Anthropic's "What's new in Claude 4.7"); later generations are assumed to keep that rule.
 */

/** The o-series and GPT-5 (and later) families, also behind a routing prefix (`openai/gpt-5`). */
export function isOpenAiReasoningModel(model: string): boolean {
  return /(?:^|\/)(?:o[1-9]|gpt-(?:[5-9]|\d{2,}))(?:[.\-_:]|$)/i.test(model.trim());
}

/**
 * The first reasoning models (o1-mini, o1-preview) refuse a system or developer message (the 400
 * recorded in pydantic/pydantic-ai's test_openai_o1_mini_system_role cassette): their
 * instructions go at the head of the user turn.
 */
export function acceptsSystemMessage(model: string): boolean {
  return !/(?:^|\/)o1-(?:mini|preview)/i.test(model.trim());
}

/**
 * Output tokens a reasoning model may spend thinking before it writes the answer: added to the
 * answer's own limit, since `max_completion_tokens` caps both and a model that runs out while
 * reasoning answers nothing (finish_reason "length").
 */
export const REASONING_ALLOWANCE_TOKENS = 8_000;

/** Claude's version from a model id (`claude-opus-4-6`, `claude-3-5-sonnet-20241022`, Bedrock's `anthropic.…`). */
function claudeVersion(model: string): { family: string; major: number; minor: number } | null {
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

/** Whether a Claude model still takes `temperature` (all but Opus 4.7+ and later generations). */
export function claudeAcceptsTemperature(model: string): boolean {
  const v = claudeVersion(model);
  if (!v) return true;
  if (v.major >= 5) return false;
  return !(v.family === "opus" && v.major === 4 && v.minor >= 7);
}
