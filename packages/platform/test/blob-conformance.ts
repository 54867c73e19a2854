import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { BlobStore } from "../src/blob/blob.ts";
import { InvalidBlobKeyError } from "../src/blob/blob-key.ts";

/** One behavioural contract for every BlobStore. */
export function describeBlobConformance(name: string, factory: () => BlobStore): void {
  describe(`BlobStore conformance: ${name}`, () => {
    it("round-trips bytes under their sha256", async () => {
      const store = factory();
      const data = new Uint8Array([0, 1, 2, 250, 255]);
      const key = await store.put(data);
      expect(key).toBe(createHash("sha256").update(data).digest("hex"));
      expect(await store.has(key)).toBe(true);
      const back = await store.get(key);
      expect(Buffer.isBuffer(back)).toBe(true);
      expect([...back!]).toEqual([...data]);
    });

    it("stores identical content once and keeps distinct content apart", async () => {
      const store = factory();
      const a1 = await store.put(Buffer.from("same bytes"));
      const a2 = await store.put(new TextEncoder().encode("same bytes"));
      const b = await store.put(Buffer.from("other bytes"));
      expect(a2).toBe(a1);
      expect(b).not.toBe(a1);
      expect((await store.get(a1))?.toString()).toBe("same bytes");
      expect((await store.get(b))?.toString()).toBe("other bytes");
    });

    it("round-trips empty and larger blobs", async () => {
      const store = factory();
      const big = Buffer.alloc(1024 * 1024, 7);
      expect((await store.get(await store.put(new Uint8Array())))?.length).toBe(0);
      expect((await store.get(await store.put(big)))?.equals(big)).toBe(true);
    });

    it("is not affected by later changes to the caller's buffer", async () => {
      const store = factory();
      const data = Buffer.from("original");
      const key = await store.put(data);
      data.write("mutated!");
      expect((await store.get(key))?.toString()).toBe("original");
    });

    it("returns null for an absent key and deletes idempotently", async () => {
      const store = factory();
      const key = await store.put(Buffer.from("to delete"));
      await store.delete(key);
      expect(await store.has(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
      await store.delete(key);
      expect(await store.get("0".repeat(64))).toBeNull();
    });

    it("rejects keys that are not 64 lowercase hex chars", async () => {
      const store = factory();
      const bad = [
        "",
        "abc",
        "../".repeat(21) + "x",
        "A".repeat(64),
        "g".repeat(64),
        "0".repeat(63),
        "0".repeat(65),
      ];
      for (const key of bad) {
        await expect(store.get(key)).rejects.toThrow(InvalidBlobKeyError);
        await expect(store.has(key)).rejects.toThrow(InvalidBlobKeyError);
        await expect(store.delete(key)).rejects.toThrow(InvalidBlobKeyError);
      }
    });
  });
}
