import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BlobStore } from "./blob.ts";
import { assertBlobKey, blobKey } from "./blob-key.ts";

export interface DiskBlobStoreOptions {
  /** Root directory (e.g. `<DATA_DIR>/blobs`); created on first write. */
  root: string;
}

/**
 * Content-addressed files under `root/ab/cd/<sha256>`. Sharding keeps directories small; writes go
 * to a temp file in the same directory and are renamed into place, so a reader never sees a
 * partial blob and concurrent writers of the same content simply race to an identical result.
 */
export function createDiskBlobStore(opts: DiskBlobStoreOptions): BlobStore {
  const pathOf = (key: string): string => join(opts.root, key.slice(0, 2), key.slice(2, 4), key);

  return {
    async put(data) {
      const key = blobKey(data);
      const path = pathOf(key);
      if (await exists(path)) return key;
      await mkdir(join(path, ".."), { recursive: true });
      const temp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temp, data);
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return key;
    },
    async get(key) {
      assertBlobKey(key);
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async has(key) {
      assertBlobKey(key);
      return exists(pathOf(key));
    },
    async delete(key) {
      assertBlobKey(key);
      await rm(pathOf(key), { force: true });
    },
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

function isNotFound(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "ENOENT";
}
