// The HTTP port: what enrichment (and the circuit breaker wrapping it) asks of an HTTP client;
// http-client.ts is the implementation (SSRF-guarded, DNS through the worker's client, capped bodies).

export interface HttpResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body was longer than the cap and was cut. */
  truncated: boolean;
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
