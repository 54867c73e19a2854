import type { CountOutbound } from "../../lib/outbound.ts";

// The HTTP port: what enrichment (and the circuit breaker wrapping it) asks of an HTTP client;
// http-client.ts is the implementation (SSRF-guarded, DNS through the worker's client, capped bodies).

export interface HttpResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body was longer than the cap and was cut. */
  truncated: boolean;
  /** The request headers sent (evidence packs record the request). Optional: fakes may omit it. */
  requestHeaders?: Record<string, string>;
  /** When the response arrived. Optional: fakes may omit it. */
  at?: Date;
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string | null;
}

export interface ChainResult {
  hops: RedirectHop[];
  /** The last response (a non-redirect, or the redirect where the chain stopped). */
  final: HttpResponse | null;
  stopped: "done" | "loop" | "too_many" | "error";
  /** Every response of the chain, in order (the redirects' and the last). Optional: fakes may omit it. */
  responses?: HttpResponse[];
  error?: { code: string; message: string };
}

export interface HttpClient {
  get(url: string, opts?: { maxBodyBytes?: number; headers?: Record<string, string> }): Promise<HttpResponse>;
  getChain(url: string, opts?: { maxRedirects?: number }): Promise<ChainResult>;
  close(): Promise<void>;
}

/** fetch through the SSRF guard (guarded-fetch.ts): every hop of a redirect is checked. */
export type GuardedFetch = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<Response>;

/** `http` with each request counted as `http`: a 429 is rate_limited, a request with no answer an error. */
export function countedHttpClient(http: HttpClient, count: CountOutbound): HttpClient {
  const answered = (status: number | undefined) => count("http", status === 429 ? "rate_limited" : "ok");
  const failed = (err: unknown) => {
    count("http", "error");
    throw err;
  };
  return {
    get: (url, opts) =>
      http.get(url, opts).then((res) => {
        answered(res.status);
        return res;
      }, failed),
    getChain: (url, opts) =>
      http.getChain(url, opts).then((chain) => {
        if (chain.final) answered(chain.final.status);
        else count("http", "error");
        return chain;
      }, failed),
    close: () => http.close(),
  };
}
