/**
 * What a model accepts, told from its name. OpenAI's reasoning models (the o1/o3/o4 series and the
 * GPT-5 family) refuse `max_tokens` (they take `max_completion_tokens`, which also counts their
 * reasoning tokens) and any `temperature` but the default: platform.openai.com/docs/guides/reasoning
 * and the Chat Completions reference. Other OpenAI-compatible servers keep `max_tokens`: Ollama's
 * OpenAI layer reads `max_tokens` and silently ignores `max_completion_tokens`
 * (ollama/ollama openai/openai.go, ChatCompletionRequest), so that is what they get.
 */

/** The o-series and GPT-5 (and later) families, also behind a routing prefix (`openai/gpt-5`). */
export function isOpenAiReasoningModel(model: string): boolean {
  return /(?:^|\/)(?:o[1-9]|gpt-(?:[5-9]|\d{2,}))(?:[.\-_:]|$)/i.test(model.trim());
}

/**
 * Output tokens a reasoning model may spend thinking before it writes the answer: added to the
 * answer's own limit, since `max_completion_tokens` caps both and a model that runs out while
 * reasoning answers nothing (finish_reason "length").
 */
export const REASONING_ALLOWANCE_TOKENS = 8_000;
