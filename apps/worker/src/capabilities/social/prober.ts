import type { TSocialPlatform } from "@brandwarden/contract/brand";
import { CircuitOpenError } from "../circuit-breaker/circuit-breaker.ts";
import { CATALOGUE, fillTemplate, profileUrl, type CatalogueEntry } from "./catalogue/index.ts";
import { extractFromPage, type ExtractedProfile } from "./catalogue/extract.ts";
import { readPage, type ProbePage } from "./catalogue/page.ts";
import { renderHandle } from "./handles.ts";
import { retryAfterMs } from "@brandwarden/platform/http/retry-after";
import { classifyError, classifyResponse, type ProbeVerdict } from "./probe-verdict.ts";
import type { PlatformBases } from "./social-config.ts";
import type { SocialHttp } from "./social-http.ts";

// Polite probing: a bounded number of probes in flight per platform, a per-platform request
// budget (retries included) that also follows the platform's published limit (requests per
// window, catalogue `limits`) and its rate-limit headers (remaining / reset), Retry-After
// honoured on 429 and 503 when it is short (the whole platform pauses, not just one probe), and
// a platform that keeps answering 429 is left alone for the rest of the run. A probe that the
// budget forbids is not sent: it is `unknown: budget_exhausted`, never `missing`.

export interface ProbeResult {
  platform: TSocialPlatform;
  handle: string;
  verdict: ProbeVerdict;
  profile: ExtractedProfile | null;
  profile_url: string;
  attempts: number;
  /** The raw answer of a `found` probe (rel=me links and other owner evidence), else null. */
  body: string | null;
  /** Retry-After of the last 429, ms. */
  retry_after_ms: number | null;
  elapsed_ms: number;
}

export interface ProberOptions {
  bases: PlatformBases;
  http: SocialHttp;
  concurrencyPerPlatform: number;
  budgetPerPlatform: number;
  timeoutMs: number;
  maxRetryAfterMs: number;
  /** Retries after a 429 (default 1). */
  maxRetries?: number;
  /** Consecutive 429s after which a platform is left alone (default 3). */
  throttleAfter?: number;
  signal?: AbortSignal;
  /** Time and waiting (Retry-After pauses); tests pass a clock that waits without a timer. */
  clock?: ProberClock;
  /** Request headers carrying a platform's credential (social-config.ts `credentialHeaders`). */
  credentials?: Partial<Record<TSocialPlatform, Record<string, string>>>;
}

interface ProberClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface Prober {
  probe(platform: TSocialPlatform, handle: string): Promise<ProbeResult>;
  /** Requests sent per platform so far. */
  spent(): Record<string, number>;
}

interface PlatformState {
  active: number;
  waiters: Array<() => void>;
  spent: number;
  pausedUntil: number;
  consecutive429: number;
  /** Send times within the platform's published window. */
  sentAt: number[];
  /** From the platform's rate-limit headers: requests left, and when the window resets (ms). */
  remaining: number | null;
  resetAt: number;
}

/** The reset time a rate-limit header names, in ms on the clock. */
function resetTime(value: string | undefined, kind: "epoch" | "seconds" | "iso", now: number): number | null {
  if (!value) return null;
  if (kind === "iso") {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  return kind === "epoch" ? n * 1000 : now + n * 1000;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

const realClock: ProberClock = { now: () => Date.now(), sleep };

export function createProber(opts: ProberOptions): Prober {
  const clock = opts.clock ?? realClock;
  const states = new Map<TSocialPlatform, PlatformState>();
  const maxRetries = opts.maxRetries ?? 1;
  const throttleAfter = opts.throttleAfter ?? 3;
  const state = (p: TSocialPlatform) => {
    let s = states.get(p);
    if (!s)
      states.set(
        p,
        (s = {
          active: 0,
          waiters: [],
          spent: 0,
          pausedUntil: 0,
          consecutive429: 0,
          sentAt: [],
          remaining: null,
          resetAt: 0,
        }),
      );
    return s;
  };
  const acquire = async (s: PlatformState) => {
    while (s.active >= opts.concurrencyPerPlatform) await new Promise<void>((r) => s.waiters.push(r));
    s.active++;
  };
  const release = (s: PlatformState) => {
    s.active--;
    s.waiters.shift()?.();
  };

  /** The catalogue entry as probed: its credentialed API when the platform's credential is set. */
  function entryFor(platform: TSocialPlatform): CatalogueEntry {
    const entry = CATALOGUE[platform];
    return entry.with_credential && opts.credentials?.[platform]
      ? { ...entry, ...entry.with_credential }
      : entry;
  }

  /**
   * Why the platform's own limits forbid a request now, or null. A spent window that resets
   * within maxRetryAfterMs is waited out; a longer one ends probing of the platform.
   */
  async function platformBudget(platform: TSocialPlatform, s: PlatformState): Promise<string | null> {
    const limits = entryFor(platform).limits;
    if (!limits) return null;
    for (;;) {
      const now = clock.now();
      if (s.remaining !== null && s.remaining <= 0 && s.resetAt > now) {
        if (s.resetAt - now > opts.maxRetryAfterMs)
          return `rate limit spent until ${new Date(s.resetAt).toISOString()}`;
        await clock.sleep(s.resetAt - now, opts.signal);
        s.remaining = null;
        continue;
      }
      const lim =
        opts.credentials?.[platform] && limits.authenticated ? limits.authenticated : limits.anonymous;
      const windowMs = lim.window_s * 1000;
      s.sentAt = s.sentAt.filter((t) => t > now - windowMs);
      if (s.sentAt.length < lim.requests) return null;
      const wait = s.sentAt[0]! + windowMs - now;
      if (wait > opts.maxRetryAfterMs)
        return `published limit: ${lim.requests} requests per ${lim.window_s} s`;
      await clock.sleep(wait, opts.signal);
      if (opts.signal?.aborted) return null;
    }
  }

  /** Reads the platform's rate-limit headers (GitHub, Reddit, Mastodon, Bluesky each name theirs). */
  function noteRateLimit(platform: TSocialPlatform, s: PlatformState, headers: Record<string, string>) {
    const h = entryFor(platform).limits?.headers;
    if (!h) return;
    const remaining = Number(headers[h.remaining]);
    if (headers[h.remaining] === undefined || !Number.isFinite(remaining)) return;
    s.remaining = Math.floor(remaining);
    s.resetAt = resetTime(headers[h.reset], h.reset_kind, clock.now()) ?? s.resetAt;
  }

  async function attempt(platform: TSocialPlatform, handle: string, s: PlatformState) {
    const entry = entryFor(platform);
    const url = fillTemplate(entry.probe.url, opts.bases[platform], handle);
    let attempts = 0;
    let retryAfter: number | null = null;
    for (;;) {
      if (opts.signal?.aborted)
        return { verdict: classifyError(null, true), attempts, retryAfter, page: null };
      if (s.consecutive429 >= throttleAfter)
        return {
          verdict: {
            status: "unknown",
            reason: "rate_limited",
            detail: "platform throttled",
          } as ProbeVerdict,
          attempts,
          retryAfter,
          page: null,
        };
      if (s.pausedUntil > clock.now()) await clock.sleep(s.pausedUntil - clock.now(), opts.signal);
      const refusal =
        (await platformBudget(platform, s)) ??
        (s.spent >= opts.budgetPerPlatform ? "budget exhausted" : null);
      if (refusal)
        return {
          verdict: { status: "unknown", reason: "budget_exhausted", detail: refusal } as ProbeVerdict,
          attempts,
          retryAfter,
          page: null,
        };
      s.spent++;
      s.sentAt.push(clock.now());
      if (s.remaining !== null) s.remaining--;
      attempts++;
      let verdict: ProbeVerdict;
      let page: ProbePage | null = null;
      let httpStatus: number | null = null;
      let headers: Record<string, string> = {};
      try {
        const res = await opts.http.request(url, {
          method: entry.probe.method,
          headers: { ...entry.probe.headers, ...opts.credentials?.[platform] },
          signal: opts.signal,
          timeoutMs: opts.timeoutMs,
        });
        const body = res.body.toString("utf8");
        httpStatus = res.status;
        headers = res.headers;
        noteRateLimit(platform, s, headers);
        page = readPage(body, entry.extract);
        verdict = classifyResponse(entry, { status: res.status, headers, body }, page);
      } catch (err) {
        // An open circuit refuses before anything is sent: the platform's window has not moved.
        if (err instanceof CircuitOpenError) {
          s.sentAt.pop();
          if (s.remaining !== null) s.remaining++;
        }
        verdict = classifyError(err, opts.signal?.aborted === true);
      }
      // A 429 the classifier calls rate_limited, or a 503 it calls server_error (not a WAF page).
      const status =
        (httpStatus === 429 && verdict.reason === "rate_limited") ||
        (httpStatus === 503 && verdict.reason === "server_error")
          ? httpStatus
          : null;
      if (status === null) {
        s.consecutive429 = 0;
        return { verdict, attempts, retryAfter, page };
      }
      // 429 and 503 both carry Retry-After (RFC 9110 §10.2.3): wait it out when it is short.
      retryAfter = retryAfterMs(headers["retry-after"], clock.now());
      const canWait = retryAfter !== null && retryAfter <= opts.maxRetryAfterMs && attempts <= maxRetries;
      if (!canWait) {
        if (status === 429) s.consecutive429++;
        return {
          verdict: { ...verdict, detail: `status ${status}, retry-after ${retryAfter ?? "?"} ms` },
          attempts,
          retryAfter,
          page,
        };
      }
      // Pause the platform, not just this probe: a 429 is about the client, not the handle.
      s.pausedUntil = Math.max(s.pausedUntil, clock.now() + retryAfter!);
    }
  }

  return {
    async probe(platform, rawHandle) {
      const started = clock.now();
      const entry = CATALOGUE[platform];
      const handle = renderHandle(entry.handle, rawHandle);
      const base = { platform, profile: null, body: null, retry_after_ms: null, attempts: 0 };
      if (!handle) {
        return {
          ...base,
          handle: rawHandle,
          profile_url: profileUrl(platform, opts.bases, rawHandle),
          verdict: { status: "invalid", detail: "handle not allowed on platform" },
          elapsed_ms: 0,
        };
      }
      const s = state(platform);
      await acquire(s);
      try {
        const r = await attempt(platform, handle, s);
        return {
          ...base,
          handle,
          profile_url: profileUrl(platform, opts.bases, handle),
          verdict: r.verdict,
          profile:
            r.verdict.status === "found" && r.page
              ? extractFromPage(entryFor(platform).extract, r.page)
              : null,
          body: r.verdict.status === "found" && r.page ? r.page.body : null,
          attempts: r.attempts,
          retry_after_ms: r.retryAfter,
          elapsed_ms: clock.now() - started,
        };
      } finally {
        release(s);
      }
    },
    spent: () => Object.fromEntries([...states].map(([p, s]) => [p, s.spent])),
  };
}
