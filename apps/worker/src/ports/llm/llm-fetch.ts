/**
 * The one way the worker talks to an LLM or embeddings server: through the platform's SSRF-guarded
 * agent, so an admin-set base URL cannot point the API key at the cloud metadata address or an
 * internal service. A local server (Ollama, vLLM, LM Studio on loopback or the LAN) is reached only
 * when the operator names it in LLM_LOCAL_HOSTS; link-local addresses stay refused even then.
 * Redirects are never followed, so a key is sent to the configured host and nowhere else.
 */
import { fetch as undiciFetch } from "undici";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import type { LlmHttp } from "./llm.port.ts";

export interface LlmNetwork {
  /** ALLOW_PRIVATE_NETWORK: every address is reachable (the test world; never in production). */
  allowPrivateNetwork: boolean;
  /** LLM_LOCAL_HOSTS: `host[:port]` entries that may be reached on a private or loopback address. */
  localHosts?: readonly string[];
  /** Extra trusted CAs (PEM). */
  ca?: string[];
}

export function createLlmHttp(net: LlmNetwork): LlmHttp {
  const agent = createGuardedAgent({
    allowPrivateNetwork: net.allowPrivateNetwork,
    allowHosts: net.localHosts ?? [],
    ca: net.ca,
    connectTimeoutMs: 10_000,
    // Answers may take minutes to start; the caller's per-attempt signal bounds the wait instead.
    headersTimeoutMs: 0,
    bodyTimeoutMs: 0,
  });
  return {
    fetch: (url, init) => undiciFetch(url, { ...init, redirect: "error", dispatcher: agent }),
    close: () => agent.close(),
  };
}
