import { randomBytes } from "node:crypto";
import { access, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { ownCopy } from "./line-batches.ts";
import { LineCursor } from "./line-cursor.ts";
import { sortNamesToFile } from "./sorted-names.ts";

/**
 * The names added to a zone since the last copy: the new file's names are sorted into a names
 * file (external sort, bounded memory) and merged against the sorted copy kept from the previous
 * read; what the new one has and the kept one lacks is added. Nothing is replaced until `commit`
 * (a rename, atomic on one file system): a read that fails half-way leaves the kept copy as it
 * was, and the next read diffs against it again. Without a kept copy the read only sets the
 * baseline: nothing is new yet.
 */

export interface ZoneDiff {
  /** No kept copy existed: this read is the baseline, `added` is empty. */
  baseline: boolean;
  /** Distinct names in the new file. */
  names: number;
  /** The added names, in sorted batches; read once. */
  added: AsyncIterable<string[]>;
  /** Makes the new file's names the kept copy. */
  commit(): Promise<void>;
  /** Drops the new file's names (the kept copy stays). */
  discard(): Promise<void>;
}

export async function diffAgainstKept(
  names: AsyncIterable<string[]>,
  keptFile: string,
  opts: { sortMemory?: string } = {},
): Promise<ZoneDiff> {
  const dir = path.dirname(keptFile);
  await mkdir(dir, { recursive: true });
  const fresh = `${keptFile}.new-${process.pid}-${randomBytes(4).toString("hex")}`;
  let count: number;
  try {
    count = await sortNamesToFile(names, fresh, { tmpDir: dir, memory: opts.sortMemory });
  } catch (err) {
    await rm(fresh, { force: true });
    throw err;
  }
  const baseline = !(await exists(keptFile));
  return {
    baseline,
    names: count,
    added: baseline ? empty() : addedNames(fresh, keptFile),
    commit: () => rename(fresh, keptFile),
    discard: () => rm(fresh, { force: true }),
  };
}

/** The names of sorted file `next` that sorted file `previous` lacks, in batches of up to `batch`. */
async function* addedNames(next: string, previous: string, batch = 10_000): AsyncGenerator<string[]> {
  const a = LineCursor.ofFile(next);
  const b = LineCursor.ofFile(previous);
  try {
    await a.step();
    await b.step();
    let out: string[] = [];
    while (a.value !== undefined) {
      const v = a.value;
      while (b.value !== undefined && b.value < v) {
        const p = b.step();
        if (p) await p;
      }
      if (b.value !== v) {
        out.push(ownCopy(v)); // kept until the batch fills: not the 256 kB chunk it was cut from
        if (out.length >= batch) {
          yield out;
          out = [];
        }
      }
      const p = a.step();
      if (p) await p;
    }
    if (out.length) yield out;
  } finally {
    await a.close();
    await b.close();
  }
}

/** The added names of two name sources (for operators: `brandwarden zones diff OLD NEW`), sorted. */
export async function* diffSources(
  previous: AsyncIterable<string[]>,
  next: AsyncIterable<string[]>,
  opts: { tmpDir: string; sortMemory?: string },
): AsyncGenerator<string[]> {
  const work = path.join(opts.tmpDir, `zones-diff-${process.pid}-${randomBytes(4).toString("hex")}`);
  await mkdir(work, { recursive: true });
  try {
    const oldFile = path.join(work, "old.names");
    const newFile = path.join(work, "new.names");
    await sortNamesToFile(previous, oldFile, { tmpDir: work, memory: opts.sortMemory });
    await sortNamesToFile(next, newFile, { tmpDir: work, memory: opts.sortMemory });
    yield* addedNames(newFile, oldFile);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

async function* empty(): AsyncGenerator<string[]> {}
