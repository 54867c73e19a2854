import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFileKv } from "./file-kv.ts";
import { describeKvConformance } from "../../test/kv-conformance.ts";

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "bw-file-kv-"));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describeKvConformance("file", async () => createFileKv(await tempDir()));

describe("file kv", () => {
  it("keeps its keys across a restart (a new store on the same directory), expired ones aside", async () => {
    const dir = await tempDir();
    const before = await createFileKv(dir);
    await before.set("checkpoint:scan-1:generate", JSON.stringify({ output: ["a.com"] }), 60_000);
    await before.set("gone", "x", 1);
    await before.incr("count");
    await before.incr("count");
    // Killed mid-write: a temporary file is all that is left of that write.
    await writeFile(path.join(dir, "deadbeef.json.1.0.tmp"), "{half");
    await new Promise((r) => setTimeout(r, 5));
    const after = await createFileKv(dir);
    expect(await after.get("checkpoint:scan-1:generate")).toBe(JSON.stringify({ output: ["a.com"] }));
    expect(await after.get("gone")).toBeNull();
    expect(await after.get("count")).toBe("2");
    expect((await after.keys("*")).sort()).toEqual(["checkpoint:scan-1:generate", "count"]);
    await Promise.all([before.close(), after.close()]);
  });
});
