import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
  existsSync,
  readdirSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diffAgainstKept, diffSources } from "./zone-diff.ts";
import { sortNamesToFile } from "./sorted-names.ts";
import { namesOfFile } from "./zone-source.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "zone-diff-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function* batches(...lists: string[][]): AsyncGenerator<string[]> {
  for (const l of lists) yield l;
}
async function all(it: AsyncIterable<string[]>): Promise<string[]> {
  const out: string[] = [];
  for await (const b of it) out.push(...b);
  return out;
}
const czds = (names: string[]) =>
  ["com.\t900\tin\tsoa\ta.gtld-servers.net. nstld.verisign-grs.com. 1 1800 900 604800 86400"]
    .concat(
      names.flatMap((n) => [
        `${n}.com.\t172800\tin\tns\tns1.${n}.com.`,
        `${n}.com.\t172800\tin\tns\tns2.${n}.com.`,
      ]),
    )
    .join("\n") + "\n";

describe("the external sort", () => {
  it("unsorted names with repeats, more than the sort's memory holds, come out sorted and distinct", async () => {
    const names = Array.from({ length: 5000 }, (_, i) => `name${(i * 7919) % 3001}.com`);
    const out = path.join(dir, "sorted");
    const count = await sortNamesToFile(batches(names.slice(0, 2500), names.slice(2500)), out, {
      tmpDir: dir,
      memory: "1K",
    });
    const lines = readFileSync(out, "utf8").trim().split("\n");
    const expected = [...new Set(names)].sort();
    expect(lines).toEqual(expected);
    expect(count).toBe(expected.length);
    // Its temporary files are gone.
    expect(readdirSync(dir)).toEqual(["sorted"]);
  });
});

describe("the diff against the kept copy", () => {
  it("the first read is the baseline (nothing new); the next gives exactly the added names; commit replaces the copy", async () => {
    const kept = path.join(dir, "state", "com.zone.names");
    const first = await diffAgainstKept(batches(["b.com", "a.com", "c.com", "a.com"]), kept);
    expect(first.baseline).toBe(true);
    expect(await all(first.added)).toEqual([]);
    await first.commit();
    expect(readFileSync(kept, "utf8")).toBe("a.com\nb.com\nc.com\n");

    // b.com dropped, two added (one of them twice), input out of order.
    const second = await diffAgainstKept(batches(["zz.com", "c.com"], ["a.com", "bb.com", "zz.com"]), kept, {
      sortMemory: "1K",
    });
    expect(second.baseline).toBe(false);
    expect(second.names).toBe(4);
    expect(await all(second.added)).toEqual(["bb.com", "zz.com"]);
    await second.commit();
    expect(readFileSync(kept, "utf8")).toBe("a.com\nbb.com\nc.com\nzz.com\n");
  });

  it("a read discarded (or failed half-way) leaves the kept copy as it was", async () => {
    const kept = path.join(dir, "com.zone.names");
    writeFileSync(kept, "a.com\nb.com\n");
    const d = await diffAgainstKept(batches(["a.com", "new.com"]), kept);
    expect(await all(d.added)).toEqual(["new.com"]);
    await d.discard();
    expect(readFileSync(kept, "utf8")).toBe("a.com\nb.com\n");

    async function* failing(): AsyncGenerator<string[]> {
      yield ["x.com"];
      throw new Error("unexpected end of file");
    }
    await expect(diffAgainstKept(failing(), kept)).rejects.toThrow("unexpected end of file");
    expect(readFileSync(kept, "utf8")).toBe("a.com\nb.com\n");
    expect(readdirSync(dir)).toEqual(["com.zone.names"]);
  });

  it("zone files plain and gzip, in either order: the added delegations", async () => {
    const oldFile = path.join(dir, "old", "com.zone.gz");
    const newFile = path.join(dir, "new", "com.zone");
    mkdirSync(path.dirname(oldFile));
    mkdirSync(path.dirname(newFile));
    writeFileSync(oldFile, gzipSync(czds(["bakery", "contoso", "garden"])));
    writeFileSync(newFile, czds(["garden", "contosopay-login", "contoso", "aaa-new"]));
    const added = await all(
      diffSources(namesOfFile(oldFile).batches, namesOfFile(newFile).batches, { tmpDir: dir }),
    );
    expect(added).toEqual(["aaa-new.com", "contosopay-login.com"]);
    expect(existsSync(path.join(dir, "old"))).toBe(true);
  });
});
