import type { Rng } from "../scenario/prng.ts";

// What a path across the internet costs, and the clock the delays are kept on (a test's own
// clock lets it see that nothing arrives before its time without waiting for it).

export interface LatencyProfile {
  /** Round-trip time in milliseconds. */
  rttMs: number;
  /** Spread of each one-way delay, as a fraction of the RTT (0.05: ±5 %). */
  jitter: number;
  /** Fraction of packets lost (UDP: dropped; TCP: retransmitted late). */
  loss: number;
}

export interface Clock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimer: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** One way across the path: half the RTT, spread by the jitter. */
export function oneWayMs(p: LatencyProfile, rng: Rng): number {
  const half = p.rttMs / 2;
  return Math.max(0, half + (rng() * 2 - 1) * p.jitter * p.rttMs);
}

/**
 * A lost TCP segment comes again after the retransmission timeout: at least 200 ms (Linux's
 * TCP_RTO_MIN; RFC 6298 §2.4 recommends 1 s, which stacks do not keep), here 3 RTTs when larger.
 */
export function retransmitMs(p: LatencyProfile): number {
  return Math.max(200, 3 * p.rttMs);
}

export function checkProfile(p: LatencyProfile, what: string): LatencyProfile {
  const ok =
    Number.isFinite(p.rttMs) && p.rttMs >= 0 && p.jitter >= 0 && p.jitter <= 0.5 && p.loss >= 0 && p.loss < 1;
  if (!ok) throw new Error(`${what}: latency profile needs rttMs ≥ 0, jitter in [0, 0.5], loss in [0, 1)`);
  return p;
}
