import { once } from "node:events";
import { access, constants, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { diffSources } from "@brandwarden/worker/capabilities/discovery/zone/zone-diff";
import { namesOfFile } from "@brandwarden/worker/capabilities/discovery/zone/zone-source";
import { UsageError } from "../usage-error.ts";

/** Checks a file argument up front, so a typo is a usage error naming it, not a stack trace. */
async function readable(what: string, file: string): Promise<void> {
  try {
    await access(file, constants.R_OK);
    if (!(await stat(file)).isFile()) throw new Error("not a file");
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message;
    throw new UsageError(`zones diff: cannot read ${what} ${file}: ${reason}`);
  }
}

export async function runZonesDiff(
  oldFile: string,
  newFile: string,
  flags: { count?: boolean; tmpDir?: string },
): Promise<void> {
  await readable("OLD", oldFile);
  await readable("NEW", newFile);
  const tmp = flags.tmpDir ?? tmpdir();
  if (flags.tmpDir && !(await stat(tmp).catch(() => null))?.isDirectory())
    throw new UsageError(`zones diff: --tmp-dir ${tmp} is not a directory`);
  const previous = namesOfFile(oldFile);
  const next = namesOfFile(newFile);
  let added = 0;
  for await (const batch of diffSources(previous.batches, next.batches, { tmpDir: tmp })) {
    added += batch.length;
    if (flags.count) continue;
    if (!process.stdout.write(`${batch.join("\n")}\n`)) await once(process.stdout, "drain");
  }
  if (flags.count) process.stdout.write(`${added}\n`);
  for (const [what, file, src] of [
    ["OLD", oldFile, previous],
    ["NEW", newFile, next],
  ] as const)
    if (src.skipped) console.error(`brandwarden: ${what} ${file}: ${src.skipped} unreadable lines skipped`);
}
