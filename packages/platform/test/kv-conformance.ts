import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep, uniqueId, waitFor } from "../testing/wait-for.ts";
import type { KeyValueStore } from "../src/kv/kv.ts";

/** One behavioural contract for every KeyValueStore; keys carry a unique prefix per test. */
export function describeKvConformance(
  name: string,
  factory: () => KeyValueStore | Promise<KeyValueStore>,
  hooks: { beforeAll?: () => void } = {},
): void {
  describe(`KeyValueStore conformance: ${name}`, () => {
    let kv: KeyValueStore;
    beforeAll(async () => {
      hooks.beforeAll?.();
      kv = await factory();
    });
    afterAll(async () => {
      await kv?.close();
    });

    it("sets, gets, overwrites and deletes", async () => {
      const key = `${uniqueId()}:a`;
      expect(await kv.get(key)).toBeNull();
      await kv.set(key, "1");
      expect(await kv.get(key)).toBe("1");
      await kv.set(key, "2");
      expect(await kv.get(key)).toBe("2");
      await kv.del(key);
      expect(await kv.get(key)).toBeNull();
      await kv.del(key); // deleting an absent key is fine
    });

    it("expires a key after its TTL and reports the remaining TTL", async () => {
      const key = `${uniqueId()}:ttl`;
      await kv.set(key, "v", 200);
      const ttl = await kv.ttl(key);
      expect(ttl).not.toBeNull();
      expect(ttl!).toBeGreaterThan(100);
      expect(ttl!).toBeLessThanOrEqual(200);
      expect(await kv.get(key)).toBe("v");
      await sleep(260);
      expect(await kv.get(key)).toBeNull();
      expect(await kv.ttl(key)).toBeNull();
    });

    it("reports null TTL for keys without expiry, and set without TTL clears one", async () => {
      const key = `${uniqueId()}:persist`;
      await kv.set(key, "v");
      expect(await kv.ttl(key)).toBeNull();
      await kv.set(key, "v", 200);
      expect(await kv.ttl(key)).not.toBeNull();
      await kv.set(key, "w");
      expect(await kv.ttl(key)).toBeNull();
      await sleep(250);
      expect(await kv.get(key)).toBe("w");
    });

    it("setIfAbsent sets only once, and again after expiry", async () => {
      const key = `${uniqueId()}:lock`;
      expect(await kv.setIfAbsent(key, "first", 200)).toBe(true);
      expect(await kv.setIfAbsent(key, "second", 200)).toBe(false);
      expect(await kv.get(key)).toBe("first");
      await sleep(260);
      expect(await kv.setIfAbsent(key, "third")).toBe(true);
      expect(await kv.get(key)).toBe("third");
      expect(await kv.ttl(key)).toBeNull();
    });

    it("setIfAbsent is atomic under concurrency", async () => {
      const key = `${uniqueId()}:race`;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => kv.setIfAbsent(key, String(i), 1000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it("incr creates at 1, counts up, and applies the TTL only on creation", async () => {
      const key = `${uniqueId()}:count`;
      expect(await kv.incr(key, 300)).toBe(1);
      await sleep(120);
      expect(await kv.incr(key, 300)).toBe(2);
      // The second incr did not extend the window.
      expect(await kv.ttl(key)).toBeLessThanOrEqual(200);
      expect(await kv.get(key)).toBe("2");
      await waitFor(async () => (await kv.get(key)) === null, "counter expiry", 1000);
      expect(await kv.incr(key, 300)).toBe(1);
    });

    it("incr without TTL never expires; concurrent increments are not lost", async () => {
      const key = `${uniqueId()}:count`;
      const values = await Promise.all(Array.from({ length: 25 }, () => kv.incr(key)));
      expect(new Set(values).size).toBe(25);
      expect(Math.max(...values)).toBe(25);
      expect(await kv.ttl(key)).toBeNull();
    });

    it("incr on a non-integer value fails", async () => {
      const key = `${uniqueId()}:text`;
      await kv.set(key, "abc");
      await expect(kv.incr(key)).rejects.toThrow();
    });

    it("lists keys matching a glob pattern, without expired ones", async () => {
      const p = uniqueId();
      await kv.set(`${p}:scan:1`, "a");
      await kv.set(`${p}:scan:2`, "b");
      await kv.set(`${p}:scan:10`, "c");
      await kv.set(`${p}:user:1`, "d");
      await kv.set(`${p}:scan:3`, "e", 100);
      expect((await kv.keys(`${p}:scan:?`)).sort()).toEqual([`${p}:scan:1`, `${p}:scan:2`, `${p}:scan:3`]);
      expect((await kv.keys(`${p}:*`)).sort()).toHaveLength(5);
      expect((await kv.keys(`${p}:[su]*:1`)).sort()).toEqual([`${p}:scan:1`, `${p}:user:1`]);
      await sleep(150);
      expect((await kv.keys(`${p}:scan:*`)).sort()).toEqual([`${p}:scan:1`, `${p}:scan:10`, `${p}:scan:2`]);
      expect(await kv.keys(`${uniqueId()}:*`)).toEqual([]);
    });

    it("rejects a non-positive TTL", async () => {
      await expect(kv.set(`${uniqueId()}:x`, "v", 0)).rejects.toThrow(RangeError);
    });
  });
}
