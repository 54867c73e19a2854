import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeBlobConformance } from "../../test/blob-conformance.ts";
import { createDiskBlobStore } from "./disk-blob-store.ts";

const root = mkdtempSync(join(tmpdir(), "bw-blobs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
describeBlobConformance("disk", () => createDiskBlobStore({ root: join(root, `store-${n++}`) }));

describe("disk blob store", () => {
  it("shards files as ab/cd/<hash> and leaves no temp files", async () => {
    const dir = join(root, "layout");
    const store = createDiskBlobStore({ root: dir });
    const key = await store.put(Buffer.from("layout"));
    await Promise.all(Array.from({ length: 10 }, () => store.put(Buffer.from("layout"))));
    expect(readdirSync(join(dir, key.slice(0, 2), key.slice(2, 4)))).toEqual([key]);
  });

  it("survives concurrent writers of the same new content", async () => {
    const store = createDiskBlobStore({ root: join(root, "race") });
    const keys = await Promise.all(Array.from({ length: 20 }, () => store.put(Buffer.from("race"))));
    expect(new Set(keys).size).toBe(1);
    expect((await store.get(keys[0]!))?.toString()).toBe("race");
  });

  it("a second store on the same root sees the same blobs", async () => {
    const dir = join(root, "shared");
    const key = await createDiskBlobStore({ root: dir }).put(Buffer.from("shared"));
    expect((await createDiskBlobStore({ root: dir }).get(key))?.toString()).toBe("shared");
  });
});
