import { createHash } from "node:crypto";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import { AppError } from "@brandwarden/platform/http/app-error";

/** Wrong passwords from one address for one account before it must wait. */
const FREE_FAILURES = 5;
/** The first wait; each further wrong password doubles it, up to MAX_DELAY_MS. */
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60 * 1000;
/** How long failures are counted (from the first). */
const FAILURE_MEMORY_MS = 24 * 3600 * 1000;

/**
 * Login lockout keyed on the pair (account, client address), never on the account alone: wrong
 * passwords sent from one address make that address wait, doubling each time (exponential
 * backoff), while the owner still logs in from theirs (OWASP ASVS 2.2.1, without the lockout
 * denial of service). The wait is computed with `now`, so tests drive it with their own clock.
 */
export function createLoginThrottle(deps: { kv: KeyValueStore; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const pair = (email: string, ip: string) =>
    createHash("sha256").update(`${email}\u0000${ip}`).digest("hex").slice(0, 32);
  const failures = (key: string) => `login:failures:${key}`;
  const blocked = (key: string) => `login:blocked-until:${key}`;
  return {
    /** Throws 429 (with `retry_after_seconds`) while this address must wait before trying this account. */
    async check(email: string, ip: string): Promise<void> {
      const until = Number((await deps.kv.get(blocked(pair(email, ip)))) ?? 0);
      const waitMs = until - now();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AppError(
          "rate_limited",
          `Too many wrong passwords from this address; try again in ${Math.ceil(seconds / 60)} minute(s)`,
          { retry_after_seconds: seconds },
        );
      }
    },
    /** Counts a wrong password; past the free ones the pair waits BASE_DELAY_MS × 2^(extra failures). */
    async failed(email: string, ip: string): Promise<void> {
      const key = pair(email, ip);
      const count = await deps.kv.incr(failures(key), FAILURE_MEMORY_MS);
      if (count < FREE_FAILURES) return;
      const delay = Math.min(BASE_DELAY_MS * 2 ** Math.min(count - FREE_FAILURES, 20), MAX_DELAY_MS);
      await deps.kv.set(blocked(key), String(now() + delay), delay);
    },
    /** A right password clears the pair's failures. */
    async succeeded(email: string, ip: string): Promise<void> {
      const key = pair(email, ip);
      await deps.kv.del(failures(key));
      await deps.kv.del(blocked(key));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
