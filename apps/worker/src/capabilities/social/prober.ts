import type { TSocialPlatform } from "@brandwarden/contract/brand";
import { CATALOGUE, fillTemplate, profileUrl } from "./catalogue/index.ts";
import { extractProfile, type ExtractedProfile } from "./catalogue/extract.ts";
import { renderHandle } from "./handles.ts";
import { classifyError, classifyResponse, retryAfterMs, type ProbeVerdict } from "./probe-verdict.ts";
import type { PlatformBases } from "./social-config.ts";
import type { SocialHttp } from "./social-http.ts";

// Polite probing: a bounded number of probes in flight per platform, a per-platform request
// budget (retries included), Retry-After honoured on 429 when it is short (the whole platform
// pauses, not just one probe), and a platform that keeps answering 429 is left alone for the
// rest of the run (its remaining probes are `unknown: rate_limited`, never `missing`).

export interface ProbeResult {
  platform: TSocialPlatform;
  handle: string;
  verdict: ProbeVerdict;
  profile: ExtractedProfile | null;
  profile_url: string;
  attempts: number;
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
    if (!s) states.set(p, (s = { active: 0, waiters: [], spent: 0, pausedUntil: 0, consecutive429: 0 }));
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

  async function attempt(platform: TSocialPlatform, handle: string, s: PlatformState) {
    const entry = CATALOGUE[platform];
    const url = fillTemplate(entry.probe.url, opts.bases[platform], handle);
    let attempts = 0;
    let retryAfter: number | null = null;
    for (;;) {
      if (opts.signal?.aborted) return { verdict: classifyError(null, true), attempts, retryAfter, body: "" };
      if (s.consecutive429 >= throttleAfter)
        return {
          verdict: {
            status: "unknown",
            reason: "rate_limited",
            detail: "platform throttled",
          } as ProbeVerdict,
          attempts,
          retryAfter,
          body: "",
        };
      if (s.pausedUntil > clock.now()) await clock.sleep(s.pausedUntil - clock.now(), opts.signal);
      if (s.spent >= opts.budgetPerPlatform)
        return {
          verdict: {
            status: "unknown",
            reason: "budget_exhausted",
            detail: "budget exhausted",
          } as ProbeVerdict,
          attempts,
          retryAfter,
          body: "",
        };
      s.spent++;
      attempts++;
      let verdict: ProbeVerdict;
      let body = "";
      let headers: Record<string, string> = {};
      try {
        const res = await opts.http.request(url, {
          method: entry.probe.method,
          headers: { ...entry.probe.headers },
          signal: opts.signal,
          timeoutMs: opts.timeoutMs,
        });
        body = res.body.toString("utf8");
        headers = res.headers;
        verdict = classifyResponse(entry, { status: res.status, headers, body });
      } catch (err) {
        verdict = classifyError(err, opts.signal?.aborted === true);
      }
      if (verdict.detail !== "status 429") {
        s.consecutive429 = 0;
        return { verdict, attempts, retryAfter, body };
      }
      retryAfter = retryAfterMs(headers);
      const canWait = retryAfter !== null && retryAfter <= opts.maxRetryAfterMs && attempts <= maxRetries;
      if (!canWait) {
        s.consecutive429++;
        return {
          verdict: { ...verdict, detail: `status 429, retry-after ${retryAfter ?? "?"} ms` },
          attempts,
          retryAfter,
          body,
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
      const base = { platform, profile: null, retry_after_ms: null, attempts: 0 };
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
          profile: r.verdict.status === "found" ? extractProfile(entry.extract, r.body) : null,
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
