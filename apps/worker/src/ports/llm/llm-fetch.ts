/**
 * The one way the worker talks to an LLM or embeddings server: through the platform's SSRF-guarded
 * agent, so an admin-set base URL cannot point the API key at the cloud metadata address or an
 * internal service. A local server (Ollama, vLLM, LM Studio on loopback or the LAN) is reached only
 * when the operator names it in LLM_LOCAL_HOSTS; link-local addresses stay refused even then.
 * Redirects are never followed, so a key is sent to the configured host and nowhere else. Answers
 * are read within `maxBodyBytes` (default 32 MiB): a larger one fails as `BodyTooLargeError`.
 */
import { fetch as undiciFetch } from "undici";
import { readCapped } from "@brandwarden/platform/http/capped-body";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import type { LlmHttp } from "./llm.port.ts";

export interface LlmNetwork {
  /** ALLOW_PRIVATE_NETWORK: every address is reachable (the test world; never in production). */
  allowPrivateNetwork: boolean;
  /** LLM_LOCAL_HOSTS: `host[:port]` entries that may be reached on a private or loopback address. */
  localHosts?: readonly string[];
  /** Extra trusted CAs (PEM). */
  ca?: string[];
  /** Largest answer read (chat completions and embeddings of one batch fit well within the default). */
  maxBodyBytes?: number;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

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
    fetch: async (url, init) => {
      const res = await undiciFetch(url, { ...init, redirect: "error", dispatcher: agent });
      const cap = net.maxBodyBytes ?? MAX_BODY_BYTES;
      const contentLength = res.headers.get("content-length");
      return {
        status: res.status,
        ok: res.ok,
        headers: res.headers,
        text: async () => (await readCapped(res.body, cap, { contentLength })).body.toString("utf8"),
      };
    },
    close: () => agent.close(),
  };
}
