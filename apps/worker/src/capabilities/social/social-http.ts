import { request } from "undici";
import { readCapped } from "@brandwarden/platform/http/capped-body";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import { guarded, sourceOfUrl } from "../circuit-breaker/circuit-breaker.ts";
import type { CountOutbound } from "../../lib/outbound.ts";

// Outbound HTTP of the social module: every request goes through the platform's SSRF-guarded
// agent, carries the configured user agent, honours the caller's AbortSignal plus a timeout,
// never follows redirects (a redirect is evidence for the classifier) and caps the body.

interface HttpAnswer {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface SocialHttp {
  request(
    url: string,
    opts?: {
      method?: "GET" | "HEAD" | "POST";
      headers?: Record<string, string>;
      body?: string;
      signal?: AbortSignal;
      timeoutMs?: number;
      maxBytes?: number;
    },
  ): Promise<HttpAnswer>;
  /** Requests sent so far (probes, avatars, search, embeddings). */
  readonly requests: number;
  close(): Promise<void>;
}

export interface SocialHttpOptions {
  allowPrivateNetwork: boolean;
  userAgent: string;
  timeoutMs: number;
  /** Extra trusted CAs (PEM). */
  ca?: string[];
  maxBytes?: number;
  /** The circuit breaker's name for a URL's source (a platform); default: its host. */
  sourceOf?: (url: string) => string;
  /** Counts each request as `social` (metrics): a 429 is rate_limited. */
  count?: CountOutbound;
}

export function createSocialHttp(opts: SocialHttpOptions): SocialHttp {
  const agent = createGuardedAgent({
    allowPrivateNetwork: opts.allowPrivateNetwork,
    connectTimeoutMs: opts.timeoutMs,
    headersTimeoutMs: opts.timeoutMs,
    bodyTimeoutMs: opts.timeoutMs,
    ca: opts.ca,
  });
  let requests = 0;
  const sourceOf = opts.sourceOf ?? sourceOfUrl;
  return {
    // One circuit breaker source per platform (or host) within a scan (see ../circuit-breaker/circuit-breaker.ts).
    request: (url, o = {}) => guarded(sourceOf(url), () => countedSend(url, o), o.signal),
    get requests() {
      return requests;
    },
    close: () => agent.close(),
  };

  async function countedSend(url: string, o: Parameters<SocialHttp["request"]>[1]): Promise<HttpAnswer> {
    if (!opts.count) return send(url, o);
    try {
      const answer = await send(url, o);
      opts.count("social", answer.status === 429 ? "rate_limited" : "ok");
      return answer;
    } catch (err) {
      opts.count("social", "error");
      throw err;
    }
  }

  async function send(url: string, o: Parameters<SocialHttp["request"]>[1] = {}): Promise<HttpAnswer> {
    requests++;
    const timeout = AbortSignal.timeout(o.timeoutMs ?? opts.timeoutMs);
    const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
    const res = await request(url, {
      method: o.method ?? "GET",
      dispatcher: agent,
      headers: {
        "user-agent": opts.userAgent,
        accept: "text/html,application/json;q=0.9,*/*;q=0.8",
        ...o.headers,
      },
      body: o.body,
      signal,
    });
    const cap = o.maxBytes ?? opts.maxBytes ?? 2 * 1024 * 1024;
    const { body } = await readCapped(res.body, cap, { truncate: true });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
    return { url, status: res.statusCode, headers, body };
  }
}
