import { AsyncResource } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";

// Paces requests to registry servers (RDAP and WHOIS), one schedule per server: registries
// rate-limit per client (a few to a few dozen requests per second) and answer beyond it with HTTP
// 429 or a refusal. Per server the pacer learns a send rate the way CUBIC learns a congestion
// window: slow start until the first refusal; on a refusal the ceiling is set, the rate cut to 0.8
// of it and the server paused for its Retry-After; then the rate climbs back fast towards the
// ceiling, lingers near it and only then probes beyond. Requests are spaced evenly (no bursts), at
// most `maxInFlight` at once per server, and a refused request is retried first in its server's
// queue once the pause ends. Servers are independent: a slow or limiting one never delays another.
//
// The ceiling is the mean of the rate a refusal came at and the rate the server accepted since the
// previous refusal (answers / time, its pause included), never above the first. A token bucket is
// empty at both refusals, so between them it granted its rate and nothing more; before the first
// refusal the estimate runs from the first request and so counts the bucket's burst too, an
// overestimate the next refusal corrects. The accepted rate alone underestimates a server that
// grants no burst (tokens it refilled while we ramped up are lost), and would feed on itself.
// The curve advances per answer, not per second, so a cycle is a hundred
// requests or more at any rate and refusals stay near 1 % (server-pacer.test.ts simulates it).

/** Time and waiting; tests pass a virtual clock so no test depends on the machine's speed. */
export interface PacerClock {
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Thrown by a task when the server refused it for its rate (HTTP 429, a WHOIS "limit exceeded"). */
export class RateLimitSignal extends Error {
  override name = "RateLimitSignal";
  /** @param retryAfterMs how long the server asked to wait; null: it did not say. */
  constructor(
    readonly retryAfterMs: number | null,
    readonly why: string,
  ) {
    super(why);
  }
}

/** A request the server kept refusing for its rate, or that it asked to wait too long for. */
export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  readonly code = "ERATELIMITED";
  constructor(
    readonly server: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ServerStats {
  server: string;
  kind: "rdap" | "whois";
  /** Current send rate, requests per second. */
  rate: number;
  queued: number;
  inFlight: number;
  /** Attempts sent so far (retries included). */
  requests: number;
  /** Attempts the server refused for its rate. */
  limited: number;
  /** When its pause ends (the clock's milliseconds), or null when not paused. */
  pausedUntil: number | null;
}

export interface ServerPacer {
  /** Runs `task` against `server` when its schedule allows; retries it while it throws RateLimitSignal. */
  run<T>(server: string, task: () => Promise<T>): Promise<T>;
  stats(): ServerStats[];
}

export interface ServerPacerOptions {
  kind: "rdap" | "whois";
  clock?: PacerClock;
  /** Requests per second before anything is known of a server. Default 5. */
  initialRate?: number;
  /** Never faster than this. Default 200. */
  maxRate?: number;
  /** Never slower than this. Default 0.2 (one request every 5 s). */
  minRate?: number;
  /** Requests in flight to one server at once. Default 8. */
  maxInFlight?: number;
  /** Tries of one request the server refuses before it fails. Default 6. */
  maxTries?: number;
  /** Pause after a refusal that names no Retry-After. Default 1 s. */
  defaultPauseMs?: number;
  /** A longer Retry-After fails the server's requests at once rather than holding the scan. Default 60 s. */
  maxPauseMs?: number;
  /** Told how each attempt went (metrics). */
  onAttempt?: (outcome: "ok" | "error" | "rate_limited") => void;
}

const realClock: PacerClock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

const CUT = 0.8; // rate after a refusal, as a share of the ceiling
// CUBIC's curve, relative to the ceiling: rate(n) = ceiling * (1 + C (n - k)^3), n answers since the
// cut, back at the ceiling after k answers (C = 0.2 / k^3): at 0.9 of it after 0.2 k, within 2 % of
// it from 0.54 k to 1.46 k, beyond 1.1 after 1.8 k. k is at least 100 answers and 10 s at the
// ceiling, so a pause (1 s of Retry-After) costs a few percent of a cycle at any rate.
const K_MIN_ANSWERS = 100;
const K_SECONDS = 10;
const SLOW_START_GROWTH = 0.5; // rate gained per answer before the first refusal, in requests/s
const MIN_ESTIMATE_ANSWERS = 10; // fewer answers between two refusals say too little of the rate

interface Job {
  task: () => Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  tries: number;
}

interface Server {
  name: string;
  rate: number;
  /** Rate at the last refusal; null until the first. */
  ceiling: number | null;
  /** When the rate was last cut: refusals of requests sent before it do not cut it again. */
  cutAt: number;
  /** Answers since the last cut while requests waited on the rate (the curve's position). */
  curveN: number;
  /** Answers since the last cut (or the first request), and when that was: the rate the server accepts. */
  answeredSinceCut: number;
  measuredFrom: number;
  pausedUntil: number;
  lastRetryAfterMs: number | null;
  /** When the last request was sent (its slot). */
  lastSent: number;
  queue: Job[];
  inFlight: number;
  requests: number;
  limited: number;
  /** A wake-up is scheduled. */
  waking: boolean;
}

export function createServerPacer(opts: ServerPacerOptions): ServerPacer {
  const clock = opts.clock ?? realClock;
  const initialRate = opts.initialRate ?? 5;
  const maxRate = opts.maxRate ?? 200;
  const minRate = opts.minRate ?? 0.2;
  const maxInFlight = opts.maxInFlight ?? 8;
  const maxTries = opts.maxTries ?? 6;
  const defaultPauseMs = opts.defaultPauseMs ?? 1000;
  const maxPauseMs = opts.maxPauseMs ?? 60_000;
  const servers = new Map<string, Server>();

  const serverFor = (name: string): Server => {
    let s = servers.get(name);
    if (!s) {
      s = { name, rate: initialRate, ceiling: null, cutAt: -Infinity, curveN: 0, answeredSinceCut: 0, measuredFrom: 0, pausedUntil: 0, lastRetryAfterMs: null, lastSent: -Infinity, queue: [], inFlight: 0, requests: 0, limited: 0, waking: false }; // prettier-ignore
      servers.set(name, s);
    }
    return s;
  };

  const clamp = (r: number) => Math.min(maxRate, Math.max(minRate, r));

  // Only while requests wait on the rate: a rate never used says nothing about the server.
  const grow = (s: Server) => {
    s.answeredSinceCut++;
    if (s.queue.length === 0) return;
    if (s.ceiling === null) s.rate = clamp(s.rate + SLOW_START_GROWTH);
    else {
      const k = Math.max(K_MIN_ANSWERS, s.ceiling * K_SECONDS);
      s.rate = clamp(s.ceiling * (1 + ((1 - CUT) / k ** 3) * (++s.curveN - k) ** 3));
    }
  };

  const refused = (s: Server, sentAt: number, signal: RateLimitSignal) => {
    const now = clock.now();
    s.limited++;
    const pause = signal.retryAfterMs ?? defaultPauseMs;
    s.lastRetryAfterMs = signal.retryAfterMs;
    s.pausedUntil = Math.max(s.pausedUntil, now + pause);
    // One cut per round: answers to requests already sent at the old rate say nothing new.
    if (sentAt < s.cutAt) return;
    const accepted =
      s.answeredSinceCut >= MIN_ESTIMATE_ANSWERS
        ? (s.answeredSinceCut * 1000) / Math.max(1, now - s.measuredFrom)
        : Infinity;
    s.ceiling = clamp(Math.min(s.rate, (s.rate + accepted) / 2));
    s.rate = clamp(s.ceiling * CUT);
    s.cutAt = now;
    s.measuredFrom = now;
    s.curveN = 0;
    s.answeredSinceCut = 0;
  };

  const waitText = (s: Server) =>
    s.lastRetryAfterMs === null ? "no Retry-After" : `Retry-After ${Math.round(s.lastRetryAfterMs / 1000)} s`;

  const failQueue = (s: Server, why: string) => {
    for (const job of s.queue.splice(0)) job.reject(new RateLimitedError(s.name, why));
  };

  const start = (s: Server, job: Job, sentAt: number) => {
    s.inFlight++;
    if (s.requests === 0) s.measuredFrom = sentAt;
    s.requests++;
    job.tries++;
    job.task().then(
      (value) => {
        s.inFlight--;
        opts.onAttempt?.("ok");
        grow(s);
        job.resolve(value);
        pump(s);
      },
      (err: unknown) => {
        s.inFlight--;
        opts.onAttempt?.(err instanceof RateLimitSignal ? "rate_limited" : "error");
        if (!(err instanceof RateLimitSignal)) {
          job.reject(err);
        } else {
          refused(s, sentAt, err);
          if (job.tries >= maxTries)
            job.reject(new RateLimitedError(s.name, `${s.name} refused the request ${job.tries} times for its rate (${waitText(s)}): ${err.why}`)); // prettier-ignore
          else s.queue.unshift(job);
        }
        pump(s);
      },
    );
  };

  /** `lateBy`: how late the server's own timer woke it (a busy event loop holds timers up). */
  function pump(s: Server, lateBy = 0): void {
    for (;;) {
      const now = clock.now();
      if (s.pausedUntil - now > maxPauseMs) {
        failQueue(s, `${s.name} asks to wait ${Math.ceil((s.pausedUntil - now) / 1000)} s (${waitText(s)})`);
        return;
      }
      if (s.waking || s.inFlight >= maxInFlight || s.queue.length === 0) return;
      const interval = 1000 / s.rate;
      const due = Math.max(s.lastSent + interval, s.pausedUntil);
      if (due > now) {
        s.waking = true;
        void clock.sleep(due - now).then(() => {
          s.waking = false;
          pump(s, Math.max(0, clock.now() - due));
        });
        return;
      }
      // Idle time earns no burst: the schedule starts again now. A timer that fired late (a busy
      // loop, 10 ms behind at 200 requests a second) is forgiven up to one slot, or the loop's
      // lag rather than the rate would set the pace.
      s.lastSent = now - Math.min(lateBy, interval);
      lateBy = 0;
      start(s, s.queue.shift()!, now);
    }
  }

  return {
    run<T>(server: string, task: () => Promise<T>): Promise<T> {
      const s = serverFor(server);
      return new Promise<T>((resolve, reject) => {
        // The task runs in its caller's async context (the scan's circuit breaker), whichever
        // request's completion happens to dispatch it.
        const job: Job = { task: AsyncResource.bind(task), resolve: resolve as (v: unknown) => void, reject, tries: 0 }; // prettier-ignore
        s.queue.push(job);
        pump(s);
      });
    },
    stats() {
      const now = clock.now();
      return [...servers.values()].map((s) => ({
        server: s.name,
        kind: opts.kind,
        rate: s.rate,
        queued: s.queue.length,
        inFlight: s.inFlight,
        requests: s.requests,
        limited: s.limited,
        pausedUntil: s.pausedUntil > now ? s.pausedUntil : null,
      }));
    },
  };
}
