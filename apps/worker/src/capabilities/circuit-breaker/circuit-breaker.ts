import { AsyncLocalStorage } from "node:async_hooks";
import { isIP } from "node:net";
import type { HttpClient } from "../../ports/http/http.port.ts";

// A circuit breaker per remote source (a social platform, an RDAP or WHOIS server, an
// intelligence API) for the length of one scan: after `threshold` connectivity failures in a row
// (connection refused, DNS failure, unreachable network, timeout) the source is given up and
// every later call fails at once with CircuitOpenError instead of waiting for its own timeout.
// Any answer from the source (even an HTTP error status) closes the count again.
//
// The scan's breaker travels with the stage's async context (AsyncLocalStorage), so the
// long-lived clients consult it without the scan threading it through every call; outside a
// scan (the enrich route, profiling an owned domain) calls go straight through.

export class CircuitOpenError extends Error {
  override name = "CircuitOpenError";
  readonly code = "ECIRCUITOPEN";
  constructor(
    readonly source: string,
    readonly reason: string,
  ) {
    super(`${source} given up for this scan: ${reason}`);
  }
}

const CONNECTIVITY_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ESERVFAIL",
  "ETIMEDOUT",
  "ETIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_SOCKET",
]);

/** The failure's code when it says the source cannot be reached (not an answer it gave), else null. */
function connectivityFailure(err: unknown): string | null {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } } | null;
  if (!e) return null;
  if (e.name === "TimeoutError" || e.cause?.name === "TimeoutError") return "ETIMEDOUT";
  const code = e.cause?.code ?? e.code;
  return code && CONNECTIVITY_CODES.has(code) ? code : null;
}

export interface CircuitBreakerOptions {
  /** Connectivity failures in a row that give a source up. Default 3. */
  threshold?: number;
  /** Called once per source, when it is given up. */
  onOpen?(source: string, reason: string): void;
}

export interface CircuitBreaker {
  /** Runs `fn` against `source` unless it was given up; counts its connectivity failures. */
  call<T>(source: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Sources given up so far, with why. */
  opened(): Array<{ source: string; reason: string }>;
}

export function createCircuitBreaker(opts: CircuitBreakerOptions = {}): CircuitBreaker {
  const threshold = opts.threshold ?? 3;
  const failures = new Map<string, number>();
  const open = new Map<string, string>();
  return {
    async call(source, fn, signal) {
      const reason = open.get(source);
      if (reason !== undefined) throw new CircuitOpenError(source, reason);
      try {
        const out = await fn();
        failures.set(source, 0);
        return out;
      } catch (err) {
        const code = signal?.aborted ? null : connectivityFailure(err);
        if (code === null) throw err;
        const n = (failures.get(source) ?? 0) + 1;
        failures.set(source, n);
        if (n >= threshold && !open.has(source)) {
          const why = `${code}, ${n} failures in a row`;
          open.set(source, why);
          opts.onOpen?.(source, why);
        }
        throw err;
      }
    },
    opened: () => [...open].map(([source, reason]) => ({ source, reason })),
  };
}

const scanBreaker = new AsyncLocalStorage<CircuitBreaker>();

/** Runs `fn` with `breaker` guarding every `guarded` call made inside it (its async context). */
export function withCircuitBreaker<T>(breaker: CircuitBreaker, fn: () => Promise<T>): Promise<T> {
  return scanBreaker.run(breaker, fn);
}

/** `fn` under the current scan's breaker for `source`, or directly outside a scan. */
export function guarded<T>(source: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const breaker = scanBreaker.getStore();
  return breaker ? breaker.call(source, fn, signal) : fn();
}

/** The source key of a URL: its host (with a non-default port). */
export function sourceOfUrl(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Names the source of a URL by the longest of `prefixes` it starts with (a social platform's base
 * and API URLs share the platform's name, so the platform is given up as a whole and named in the
 * log); any other URL is its host.
 */
export function sourceNamer(prefixes: Record<string, string>): (url: string) => string {
  const byLength = Object.entries(prefixes)
    .map(([prefix, name]) => [prefix.replace(/\/+$/, ""), name] as const)
    .sort((a, b) => b[0].length - a[0].length);
  return (url) => {
    for (const [prefix, name] of byLength) {
      if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) return name;
    }
    return sourceOfUrl(url);
  };
}

/** An HTTP client whose calls go through the scan's breaker, one source per host. */
export function guardedHttpClient(http: HttpClient): HttpClient {
  return {
    get: (url, opts) => guarded(sourceOfUrl(url), () => http.get(url, opts)),
    getChain: (url, opts) => guarded(sourceOfUrl(url), () => http.getChain(url, opts)),
    close: () => http.close(),
  };
}

/** What `guardedWhoisClient` wraps (the enricher's WHOIS client), as narrow as the breaker needs. */
interface WhoisQuery<R> {
  query(q: string): Promise<R>;
}

/** A WHOIS client whose calls go through the scan's breaker, one source per TLD's server. */
export function guardedWhoisClient<R>(whois: WhoisQuery<R>): WhoisQuery<R> {
  return {
    query: (q) =>
      guarded(isIP(q) ? "whois (addresses)" : `whois .${q.split(".").pop()}`, () => whois.query(q)),
  };
}
