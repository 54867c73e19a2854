import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { globMatch } from "../glob/redis-glob.ts";
import type { KeyValueStore } from "./kv.ts";
import { assertTtl } from "./memory-kv.ts";

interface Stored {
  key: string;
  value: string;
  /** Epoch ms; null: no expiry. */
  expiresAt: number | null;
}

/**
 * A key-value store in a directory, one file per key, for the embedded mode's data that must
 * survive a restart (scan checkpoints): writes go to a temporary file renamed into place, so a
 * process killed mid-write leaves the old value or the new one, never half of one. One process
 * uses a directory at a time; operations on one key run one after another.
 */
export async function createFileKv(dir: string): Promise<KeyValueStore> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const fileOf = (key: string) => path.join(dir, `${createHash("sha256").update(key).digest("hex")}.json`);
  const chains = new Map<string, Promise<unknown>>();
  let closed = false;
  let temp = 0;

  /** Runs `work` after every earlier operation on `key`. */
  function serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (closed) return Promise.reject(new Error("key-value store is closed"));
    const next = (chains.get(key) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    chains.set(key, settled);
    void settled.then(() => chains.get(key) === settled && chains.delete(key));
    return next;
  }

  async function read(file: string): Promise<Stored | null> {
    let stored: Stored;
    try {
      stored = JSON.parse(await readFile(file, "utf8")) as Stored;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      // A file that is not ours (or damaged): treated as absent, and replaced on the next write.
      if (err instanceof SyntaxError) return null;
      throw err;
    }
    if (stored.expiresAt !== null && stored.expiresAt <= Date.now()) {
      await rm(file, { force: true });
      return null;
    }
    return stored;
  }

  async function write(key: string, value: string, expiresAt: number | null): Promise<void> {
    const file = fileOf(key);
    const tmp = `${file}.${process.pid}.${temp++}.tmp`;
    await writeFile(tmp, JSON.stringify({ key, value, expiresAt } satisfies Stored), { mode: 0o600 });
    await rename(tmp, file);
  }

  const expiry = (ttlMs?: number) => {
    if (ttlMs === undefined) return null;
    assertTtl(ttlMs);
    return Date.now() + ttlMs;
  };

  // Expired keys and temporary files a killed process left go at start.
  for (const name of await readdir(dir)) {
    if (name.endsWith(".tmp")) await rm(path.join(dir, name), { force: true });
    else if (name.endsWith(".json")) await read(path.join(dir, name));
  }

  return {
    get: (key) => serial(key, async () => (await read(fileOf(key)))?.value ?? null),
    set: (key, value, ttlMs) => serial(key, () => write(key, value, expiry(ttlMs))),
    setIfAbsent: (key, value, ttlMs) =>
      serial(key, async () => {
        if (await read(fileOf(key))) return false;
        await write(key, value, expiry(ttlMs));
        return true;
      }),
    del: (key) => serial(key, () => rm(fileOf(key), { force: true })),
    incr: (key, ttlMs) =>
      serial(key, async () => {
        const stored = await read(fileOf(key));
        const next = (stored ? Number(stored.value) : 0) + 1;
        if (!Number.isInteger(next)) throw new Error(`value of ${key} is not an integer`);
        await write(key, String(next), stored ? stored.expiresAt : expiry(ttlMs));
        return next;
      }),
    ttl: (key) =>
      serial(key, async () => {
        const stored = await read(fileOf(key));
        return stored?.expiresAt == null ? null : Math.max(0, stored.expiresAt - Date.now());
      }),
    async keys(pattern) {
      const found: string[] = [];
      for (const name of await readdir(dir)) {
        if (!name.endsWith(".json")) continue;
        const stored = await read(path.join(dir, name));
        if (stored && globMatch(pattern, stored.key)) found.push(stored.key);
      }
      return found;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...chains.values()]);
    },
  };
}
