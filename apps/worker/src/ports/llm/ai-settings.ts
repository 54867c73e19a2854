/**
 * The AI provider as configured in the web application (`GET /v1/settings/ai_provider`), read
 * with a short cache so that turning AI off (or changing the model) takes effect within seconds.
 */
import type { TAiProviderSetting } from "@brandwarden/contract/settings";
import type { AiApi } from "../web-api/web-api.port.ts";
import type { LlmFetch } from "./llm.port.ts";
import { createLlmHttp, type LlmNetwork } from "./llm-fetch.ts";
import { createHttpProvider, type LlmProvider } from "./provider.ts";
import type { CountOutbound } from "../../lib/outbound.ts";

/** What the worker's metrics learn of LLM calls: each HTTP attempt, and the tokens of each answer. */
export interface LlmObserver {
  outbound: CountOutbound;
  used(provider: string, usage: { input_tokens: number; output_tokens: number }): void;
}

/** `fetch` with each attempt counted as `llm` (429: rate_limited; another failure status or none: error). */
function observedFetch(fetchImpl: LlmFetch, count: CountOutbound): LlmFetch {
  return async (url, init) => {
    try {
      const res = await fetchImpl(url, init);
      count("llm", res.status === 429 ? "rate_limited" : res.ok ? "ok" : "error");
      return res;
    } catch (err) {
      count("llm", "error");
      throw err;
    }
  };
}

/** `provider` telling `observer` the tokens each answer used. */
function observedProvider(provider: LlmProvider, observer: LlmObserver): LlmProvider {
  return {
    kind: provider.kind,
    model: provider.model,
    acceptsImages: provider.acceptsImages,
    complete: async (req) => {
      const answer = await provider.complete(req);
      observer.used(provider.kind, answer.usage);
      return answer;
    },
  };
}

const DEFAULT_MAX_TOKENS_PER_SCAN = 200_000;
const DEFAULT_AI_CONCURRENCY = 4;

export type AiState =
  | {
      on: true;
      provider: LlmProvider;
      /** Tokens one scan may spend. */
      maxTokensPerScan: number;
      /** Requests in flight at once. */
      concurrency: number;
      timeoutMs: number;
    }
  | { on: false; reason: string };

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/**
 * The provider a setting describes, or why there is none. Besides the contract's keys the config
 * may carry: `concurrency`, `max_retries`, `retry_backoff_ms`, `vision` (false for text-only
 * models), and for OpenAI-compatible servers `json_mode` (`json_schema` | `json_object` | `none`)
 * and `reasoning` (true/false: whether the model is a reasoning model, when its name does not say).
 */
function providerFromSetting(setting: TAiProviderSetting, fetchImpl: LlmFetch): AiState {
  if (setting.enabled === null) return { on: false, reason: "AI provider not configured" };
  if (!setting.enabled) return { on: false, reason: "AI provider disabled" };
  const c = setting.config;
  if (!c.provider) return { on: false, reason: "AI provider setting names no provider" };
  if (!c.base_url) return { on: false, reason: "AI provider setting has no base_url" };
  if (!c.model) return { on: false, reason: "AI provider setting has no model" };
  const timeoutMs = c.timeout_ms ?? 30_000;
  const jsonMode = c.json_mode;
  const provider = createHttpProvider({
    kind: c.provider,
    baseUrl: c.base_url,
    model: c.model,
    apiKey: c.api_key || undefined,
    timeoutMs,
    maxRetries: num(c.max_retries),
    backoffMs: num(c.retry_backoff_ms),
    images: c.vision === false ? false : true,
    jsonMode:
      jsonMode === "json_object" || jsonMode === "none" || jsonMode === "json_schema" ? jsonMode : undefined,
    reasoning: typeof c.reasoning === "boolean" ? c.reasoning : undefined,
    fetch: fetchImpl,
  });
  return {
    on: true,
    provider,
    maxTokensPerScan: c.max_tokens_per_scan ?? DEFAULT_MAX_TOKENS_PER_SCAN,
    concurrency: Math.max(1, Math.min(32, Math.floor(num(c.concurrency) ?? DEFAULT_AI_CONCURRENCY))),
    timeoutMs,
  };
}

export interface AiSettings {
  /** The current AI state; a failure to read the setting is reported as AI off, with the reason. */
  current(): Promise<AiState>;
  /** Closes the connections this object opened (none when `fetch` was given). */
  close(): Promise<void>;
}

/** The current AI state when AI is on; throws its reason when it is off. */
export async function requireAi(settings: AiSettings): Promise<Extract<AiState, { on: true }>> {
  const ai = await settings.current();
  if (!ai.on) throw new Error(ai.reason);
  return ai;
}

/**
 * `fetch`: the guarded LLM fetch to use (shared with embeddings); otherwise one is made from
 * `network`, by default the strict one (global unicast addresses only, no local LLM host).
 */
export function createAiSettings(
  web: Pick<AiApi, "getAiProvider">,
  opts: { ttlMs?: number; fetch?: LlmFetch; network?: LlmNetwork; observe?: LlmObserver } = {},
): AiSettings {
  const ttlMs = opts.ttlMs ?? 5_000;
  const own = opts.fetch ? null : createLlmHttp(opts.network ?? { allowPrivateNetwork: false });
  const observer = opts.observe;
  const fetchImpl = observer
    ? observedFetch(opts.fetch ?? own!.fetch, observer.outbound)
    : (opts.fetch ?? own!.fetch);
  let cached: { at: number; state: Promise<AiState> } | null = null;
  return {
    current() {
      const now = Date.now();
      if (cached && now - cached.at < ttlMs) return cached.state;
      const state = web
        .getAiProvider()
        .then((s) => providerFromSetting(s, fetchImpl))
        .then((s) => (s.on && observer ? { ...s, provider: observedProvider(s.provider, observer) } : s))
        .catch((err: Error): AiState => ({
          on: false,
          reason: `AI provider setting unavailable: ${err.message}`,
        }));
      cached = { at: now, state };
      return state;
    },
    close: async () => {
      await own?.close();
    },
  };
}
