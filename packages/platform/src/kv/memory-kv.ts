import { globMatch } from "../glob/redis-glob.ts";
import type { KeyValueStore } from "./kv.ts";

const MAX_TIMER_MS = 2 ** 31 - 1;

interface Entry {
  value: string;
  expiresAt: number | null;
  timer: NodeJS.Timeout | null;
}

/** In-process key-value store with Redis semantics for the operations the interface exposes. */
export function createMemoryKv(): KeyValueStore {
  const entries = new Map<string, Entry>();

  // Expiry is checked on every read (exact, like Redis' lazy expiry); the timer only reclaims
  // memory for keys nobody reads again, and is unref'd so it never keeps the process alive.
  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      remove(key);
      return undefined;
    }
    return entry;
  }

  function remove(key: string): void {
    const entry = entries.get(key);
    if (entry?.timer) clearTimeout(entry.timer);
    entries.delete(key);
  }

  function write(key: string, value: string, ttlMs: number | undefined): void {
    remove(key);
    const entry: Entry = { value, expiresAt: null, timer: null };
    if (ttlMs !== undefined) {
      assertTtl(ttlMs);
      entry.expiresAt = Date.now() + ttlMs;
      arm(key, entry);
    }
    entries.set(key, entry);
  }

  // A timer longer than 2^31-1 ms (about 24.8 days) would fire at once: wait at most that long,
  // then again until the key's time has come.
  function arm(key: string, entry: Entry): void {
    entry.timer = setTimeout(
      () => {
        if (entries.get(key) !== entry) return;
        if (entry.expiresAt! > Date.now()) arm(key, entry);
        else entries.delete(key);
      },
      Math.min(Math.max(0, entry.expiresAt! - Date.now()), MAX_TIMER_MS),
    );
    entry.timer.unref();
  }

  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      write(key, value, ttlMs);
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      write(key, value, ttlMs);
      return true;
    },
    async del(key) {
      remove(key);
    },
    async incr(key, ttlMs) {
      const entry = live(key);
      if (!entry) {
        write(key, "1", ttlMs);
        return 1;
      }
      if (!/^-?\d+$/.test(entry.value)) throw new Error("ERR value is not an integer or out of range");
      // Like INCR: the value changes, an existing TTL is kept.
      const next = Number(entry.value) + 1;
      entry.value = String(next);
      return next;
    },
    async ttl(key) {
      const entry = live(key);
      if (!entry || entry.expiresAt === null) return null;
      return Math.max(0, entry.expiresAt - Date.now());
    },
    async keys(pattern) {
      return [...entries.keys()].filter((key) => live(key) && globMatch(pattern, key));
    },
    async close() {
      for (const key of [...entries.keys()]) remove(key);
    },
  };
}

export function assertTtl(ttlMs: number): void {
  if (!Number.isInteger(ttlMs) || ttlMs <= 0)
    throw new RangeError(`ttlMs must be a positive integer, got ${ttlMs}`);
}
