import { sourceNamer } from "../circuit-breaker/circuit-breaker.ts";
import type { CountOutbound } from "../../lib/outbound.ts";
import type { LlmHttp } from "../../ports/llm/llm.port.ts";
import { createEmbedder, type Embedder } from "./embeddings.ts";
import { createProber, type Prober } from "./prober.ts";
import type { SocialConfig } from "./social-config.ts";
import { createSocialHttp, type SocialHttp } from "./social-http.ts";

// What the social stage and the enrich route share for the life of the worker: config, the
// guarded HTTP client and the embedder. Probers are per run (budgets are per scan).

export interface SocialRuntime {
  config: SocialConfig;
  http: SocialHttp;
  embedder: Embedder;
  now(): Date;
  close(): Promise<void>;
}

export interface SocialRuntimeOptions {
  ca?: string[];
  http?: SocialHttp;
  embedder?: Embedder;
  now?: () => Date;
  /** Counts the prober's requests (metrics). */
  count?: CountOutbound;
}

/**
 * The runtime over `llm`, the guarded fetch to the embeddings server (null: none configured, or
 * `opts.embedder` given); `wiring/social-runtime.ts` makes it. Closing the runtime closes `llm`.
 */
export function createSocialRuntimeOn(
  config: SocialConfig,
  opts: SocialRuntimeOptions & { llm: LlmHttp | null },
): SocialRuntime {
  const http =
    opts.http ??
    createSocialHttp({
      allowPrivateNetwork: config.allowPrivateNetwork,
      userAgent: config.userAgent,
      timeoutMs: config.timeoutMs,
      ca: opts.ca,
      count: opts.count,
      sourceOf: sourceNamer(
        Object.fromEntries(
          Object.entries(config.bases).flatMap(([platform, b]) => [
            [b.base, platform],
            [b.api, platform],
          ]),
        ),
      ),
    });
  const llm = opts.llm;
  const embedder =
    opts.embedder ??
    createEmbedder(
      config.embeddings && llm
        ? { fetch: llm.fetch, ...config.embeddings, apiKey: config.embeddings.apiKey }
        : null,
    );
  return {
    config,
    http,
    embedder,
    now: opts.now ?? (() => new Date()),
    close: async () => {
      await Promise.all([http.close(), llm?.close()]);
    },
  };
}

export function proberFor(rt: SocialRuntime, signal?: AbortSignal, budget?: number): Prober {
  const c = rt.config;
  return createProber({
    bases: c.bases,
    http: rt.http,
    concurrencyPerPlatform: c.concurrencyPerPlatform,
    budgetPerPlatform: budget ?? c.budgetPerPlatform,
    timeoutMs: c.timeoutMs,
    maxRetryAfterMs: c.maxRetryAfterMs,
    credentials: c.credentials,
    signal,
  });
}
