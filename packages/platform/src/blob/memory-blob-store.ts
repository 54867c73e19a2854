import type { BlobStore } from "./blob.ts";
import { assertBlobKey, blobKey } from "./blob-key.ts";

/** In-memory blob store for tests; copies on the way in and out so callers cannot alias stored bytes. */
export function createMemoryBlobStore(): BlobStore {
  const blobs = new Map<string, Buffer>();
  return {
    async put(data) {
      const key = blobKey(data);
      if (!blobs.has(key)) blobs.set(key, Buffer.from(data));
      return key;
    },
    async get(key) {
      assertBlobKey(key);
      const blob = blobs.get(key);
      return blob ? Buffer.from(blob) : null;
    },
    async has(key) {
      assertBlobKey(key);
      return blobs.has(key);
    },
    async delete(key) {
      assertBlobKey(key);
      blobs.delete(key);
    },
  };
}
