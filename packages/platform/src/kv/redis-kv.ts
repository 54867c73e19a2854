import { Redis } from "ioredis";
import { escapeGlob } from "../glob/redis-glob.ts";
import { createSilentLogger, type Logger } from "../logger/logger.ts";
import type { KeyValueStore } from "./kv.ts";
import { assertTtl } from "./memory-kv.ts";

export interface RedisKvOptions {
  url: string;
  /** Prepended to every key (and stripped from `keys` results), e.g. "bw:" or a per-test prefix. */
  prefix?: string;
  logger?: Logger;
  /**
   * A Redis command without an answer this long fails ("Command timed out"), also while Redis is
   * away, instead of waiting for it forever. Blocking reads have their own bound. Default 10 s.
   */
  commandTimeoutMs?: number;
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 10_000;

// INCR and the TTL on creation must be one step: a crash between them would leave a counter
// that never expires (and a rate limit that never frees).
const INCR_WITH_TTL = `
local v = redis.call('INCR', KEYS[1])
if v == 1 and tonumber(ARGV[1]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return v`;

export function createRedisKv(opts: RedisKvOptions): KeyValueStore {
  const logger = opts.logger ?? createSilentLogger();
  const prefix = opts.prefix ?? "";
  const redis = new Redis(opts.url, { commandTimeout: opts.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS });
  redis.on("error", (err) => logger.warn({ err }, "redis kv connection error"));
  const k = (key: string): string => prefix + key;

  return {
    async get(key) {
      return redis.get(k(key));
    },
    async set(key, value, ttlMs) {
      if (ttlMs === undefined) await redis.set(k(key), value);
      else {
        assertTtl(ttlMs);
        await redis.set(k(key), value, "PX", ttlMs);
      }
    },
    async setIfAbsent(key, value, ttlMs) {
      if (ttlMs === undefined) return (await redis.set(k(key), value, "NX")) === "OK";
      assertTtl(ttlMs);
      return (await redis.set(k(key), value, "PX", ttlMs, "NX")) === "OK";
    },
    async del(key) {
      await redis.del(k(key));
    },
    async incr(key, ttlMs) {
      if (ttlMs !== undefined) assertTtl(ttlMs);
      return Number(await redis.eval(INCR_WITH_TTL, 1, k(key), ttlMs ?? 0));
    },
    async ttl(key) {
      const ms = await redis.pttl(k(key));
      // -2: no such key, -1: no expiry.
      return ms < 0 ? null : ms;
    },
    async keys(pattern) {
      // SCAN rather than KEYS: it never blocks the server, whatever else shares it.
      const found = new Set<string>();
      let cursor = "0";
      do {
        const [next, batch] = await redis.scan(cursor, "MATCH", escapeGlob(prefix) + pattern, "COUNT", 500);
        cursor = next;
        for (const key of batch) found.add(key.slice(prefix.length));
      } while (cursor !== "0");
      return [...found];
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
