import { Redis } from "ioredis";
import { escapeGlob } from "../src/glob/redis-glob.ts";

/** Deletes every key under `prefix` (test isolation leaves per-test prefixes behind otherwise). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url);
  try {
    let deleted = 0;
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", escapeGlob(prefix) + "*", "COUNT", 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== "0");
    return deleted;
  } finally {
    await redis.quit();
  }
}
