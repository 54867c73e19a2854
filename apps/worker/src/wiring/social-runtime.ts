import {
  createSocialRuntimeOn,
  type SocialRuntime,
  type SocialRuntimeOptions,
} from "../capabilities/social/social-runtime.ts";
import type { SocialConfig } from "../capabilities/social/social-config.ts";
import { createLlmHttp } from "../ports/llm/llm-fetch.ts";

/** The social runtime, with the guarded LLM fetch its embedder needs when an embeddings API is configured. */
export function createSocialRuntime(
  config: SocialConfig,
  opts: SocialRuntimeOptions & {
    /** LLM_LOCAL_HOSTS: the embeddings server may be one of these on a private address. */
    llmLocalHosts?: readonly string[];
  } = {},
): SocialRuntime {
  const { llmLocalHosts, ...runtimeOpts } = opts;
  // The embeddings API is an LLM server: reached through the guarded LLM fetch, not the prober's client.
  const llm =
    !opts.embedder && config.embeddings
      ? createLlmHttp({
          allowPrivateNetwork: config.allowPrivateNetwork,
          localHosts: llmLocalHosts,
          ca: opts.ca,
        })
      : null;
  return createSocialRuntimeOn(config, { ...runtimeOpts, llm });
}
