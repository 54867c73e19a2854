import { fetch as undiciFetch } from "undici";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import type { GuardedFetch } from "./http.port.ts";

// fetch over the platform's SSRF-guarded agent, for downloads from configured URLs (threat feeds).
// Redirects are followed (feeds move to CDNs), and every hop dials through the same agent, so each
// new host is checked against the address actually dialled: a redirect to a private, loopback or
// link-local address fails like a direct request to it.

export interface GuardedFetchOptions {
  allowPrivateNetwork: boolean;
  /** `host[:port]` entries that may be reached on a private address (tests name their server). */
  allowHosts?: readonly string[];
  /** Trusted roots (PEM) replacing Node's default store. */
  ca?: string[];
  timeoutMs?: number;
}

export function createGuardedFetch(opts: GuardedFetchOptions): {
  fetch: GuardedFetch;
  close(): Promise<void>;
} {
  const agent = createGuardedAgent({
    allowPrivateNetwork: opts.allowPrivateNetwork,
    allowHosts: opts.allowHosts ?? [],
    ca: opts.ca,
    connectTimeoutMs: opts.timeoutMs ?? 15_000,
    headersTimeoutMs: opts.timeoutMs ?? 15_000,
    bodyTimeoutMs: opts.timeoutMs ?? 15_000,
  });
  return {
    fetch: async (url, init) =>
      (await undiciFetch(url, { ...init, redirect: "follow", dispatcher: agent })) as unknown as Response,
    close: () => agent.close(),
  };
}
