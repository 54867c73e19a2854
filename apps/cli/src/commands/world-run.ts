import { parseWorldArgs, runWorldCommand, WORLD_USAGE } from "@brandwarden/world/cli/world-command";
import { UsageError } from "../usage-error.ts";

export async function runWorld(flags: string[]): Promise<void> {
  if (flags.includes("--help") || flags.includes("-h")) {
    console.log(WORLD_USAGE);
    return;
  }
  let options;
  try {
    options = parseWorldArgs(flags);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  await runWorldCommand(options);
}
