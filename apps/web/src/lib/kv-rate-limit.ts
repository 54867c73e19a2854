import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import { AppError } from "@brandwarden/platform/http/app-error";

/** A fixed-window counter in the key-value store, shared by every web process in split mode. */
export function createKvRateLimit(kv: KeyValueStore) {
  return {
    /** Counts one attempt under `key`; throws 429 `rate_limited` once `max` attempts fill the window. */
    async hit(key: string, max: number, windowMs: number, what: string): Promise<void> {
      const count = await kv.incr(`ratelimit:${key}`, windowMs);
      if (count > max) {
        const ttl = (await kv.ttl(`ratelimit:${key}`)) ?? windowMs;
        throw new AppError(
          "rate_limited",
          `Too many ${what}; try again in ${Math.ceil(ttl / 60_000)} minute(s)`,
          {
            retry_after_seconds: Math.ceil(ttl / 1000),
          },
        );
      }
    },
    async reset(key: string): Promise<void> {
      await kv.del(`ratelimit:${key}`);
    },
  };
}

export type KvRateLimit = ReturnType<typeof createKvRateLimit>;
