import { gunzipSync } from "node:zlib";
import { request, type Dispatcher } from "undici";
import { BodyTooLargeError, readCapped } from "@brandwarden/platform/http/capped-body";
import { retryAfterMs } from "@brandwarden/platform/http/retry-after";

/**
 * HTTP GET for CT logs, and the retry policy real logs need: back-off on 429 and 5xx honouring
 * Retry-After (seconds or an HTTP date; otherwise exponential from `baseDelayMs`), capped at
 * 5 minutes, and exponential back-off capped at 60 s on network errors. Injected everywhere (the
 * SSRF-guarded agent in the worker, a plain one in tests), with `sleep` so tests never wait.
 */

interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type HttpGet = (url: string, signal?: AbortSignal) => Promise<HttpResponse>;

export interface RetryOptions {
  get: HttpGet;
  /** Tries per call on 429/5xx/network errors before giving up (default 6). */
  maxAttempts?: number;
  /** First back-off without Retry-After, doubled each time (default 1 s). */
  baseDelayMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}

export class CtLogError extends Error {
  override name = "CtLogError";
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Waits `ms`, or rejects with the signal's reason once it aborts. The abort listener goes when the
 * wait ends: a follower sleeps on one signal for as long as the worker runs.
 */
export const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

const NETWORK_BACKOFF_CAP_MS = 60_000;
const HTTP_BACKOFF_CAP_MS = 300_000;

/** GETs `url` until it answers 200 (its body) or a status that retrying cannot fix (CtLogError). */
export async function getWithRetry(url: string, opts: RetryOptions): Promise<Buffer> {
  const maxAttempts = opts.maxAttempts ?? 6;
  const base = opts.baseDelayMs ?? 1000;
  const sleep = opts.sleep ?? defaultSleep;
  let lastError = "";
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (attempt > 0) opts.signal?.throwIfAborted();
    let res: HttpResponse;
    try {
      res = await opts.get(url, opts.signal);
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      // Asking again gets the same oversized answer: the log fails now, not after six tries.
      if (err instanceof BodyTooLargeError) throw new CtLogError(`${url}: ${err.message}`);
      lastError = (err as Error).message;
      await sleep(Math.min(base * 2 ** attempt, NETWORK_BACKOFF_CAP_MS), opts.signal);
      continue;
    }
    if (res.status === 200) return res.body;
    if (res.status === 429 || res.status >= 500) {
      lastError = `HTTP ${res.status}`;
      const wait = retryAfterMs(res.headers["retry-after"], Date.now()) ?? base * 2 ** attempt;
      await sleep(Math.min(wait, HTTP_BACKOFF_CAP_MS), opts.signal);
      continue;
    }
    throw new CtLogError(`${url}: HTTP ${res.status} ${res.body.toString("utf8", 0, 200)}`, res.status);
  }
  throw new CtLogError(`${url}: gave up after ${maxAttempts} attempts (${lastError})`);
}

/** Largest body a log answer may unpack to (a full data tile is about 1-2 MB). */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Largest body read off the wire (a get-entries page of 1,000 entries is a few MB). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * HttpGet over undici with the given dispatcher (the SSRF-guarded agent in the worker). undici's
 * `request` does not decode bodies, and static-ct logs gzip their data tiles "with no negotiation"
 * (c2sp.org/static-ct-api, Log entries: clients MUST support Content-Encoding: gzip), so gzip is
 * asked for and unpacked here. Bodies over `maxBodyBytes` fail the call (BodyTooLargeError).
 */
export function undiciGet(
  dispatcher: Dispatcher,
  timeoutMs = 30_000,
  maxBodyBytes = MAX_BODY_BYTES,
): HttpGet {
  return async (target, signal) => {
    const res = await request(target, {
      dispatcher,
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs),
      headers: { "user-agent": "Brandwarden-CT/1.0", "accept-encoding": "gzip, identity" },
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") headers[k] = v;
    const { body: raw } = await readCapped(res.body, maxBodyBytes, {
      contentLength: headers["content-length"],
    });
    return { status: res.statusCode, headers, body: decoded(raw, headers["content-encoding"], target) };
  };
}

function decoded(body: Buffer, encoding: string | undefined, url: string): Buffer {
  const coding = encoding?.trim().toLowerCase();
  if (!coding || coding === "identity") return body;
  if (coding !== "gzip" && coding !== "x-gzip")
    throw new CtLogError(`${url}: unsupported Content-Encoding ${coding}`);
  try {
    return gunzipSync(body, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (err) {
    throw new CtLogError(`${url}: gzip body could not be unpacked (${(err as Error).message})`);
  }
}
