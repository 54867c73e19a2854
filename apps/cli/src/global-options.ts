import { createRequire } from "node:module";
import type { Command } from "commander";
import { loadCliConfig } from "./config.ts";
import { UsageError } from "./usage-error.ts";

// Options every command understands (before or after the command name): version, progress,
// quiet and colour. Commands read them with `globalsOf(command)`.

const PROGRESS = ["auto", "lines", "json", "none"] as const;
const COLOR = ["auto", "always", "never"] as const;

/** How progress goes to stderr: a redrawn bar (terminal), one line per stage, JSON lines, or nothing. */
export type ProgressMode = "bar" | "lines" | "json" | "none";

export interface Globals {
  progress: ProgressMode;
  /** `--quiet`: no progress and no log lines on stderr. */
  quiet: boolean;
  /** Whether output written to `stream` may carry ANSI colours. */
  colour(stream: { isTTY?: boolean }): boolean;
}

interface GlobalFlags {
  quiet?: boolean;
  progress: string;
  /** A `--color` value, or false from `--no-color`. */
  color: string | false;
}

function cliVersion(): string {
  // package.json sits one level above both src/ and dist/.
  return (createRequire(import.meta.url)("../package.json") as { version: string }).version;
}

export function addGlobalOptions(program: Command): Command {
  return program
    .version(cliVersion(), "-V, --version", "print the version and exit")
    .option("-q, --quiet", "print no progress or log lines on stderr (results and errors only)")
    .option(
      "--progress <mode>",
      "progress on stderr: auto (a bar on a terminal, else one line per stage), lines, json or none",
      "auto",
    )
    .option("--color <when>", "colours: auto (on a terminal unless NO_COLOR is set), always or never", "auto")
    .option("--no-color", "no colours (same as --color never)");
}

export function globalsOf(command: Command): Globals {
  const flags = command.optsWithGlobals<GlobalFlags>();
  if (!(PROGRESS as readonly string[]).includes(flags.progress)) {
    throw new UsageError(`invalid --progress "${flags.progress}" (choose from ${PROGRESS.join(", ")})`);
  }
  const color = flags.color === false ? "never" : flags.color;
  if (!(COLOR as readonly string[]).includes(color)) {
    throw new UsageError(`invalid --color "${color}" (choose from ${COLOR.join(", ")})`);
  }
  const progress: ProgressMode = flags.quiet
    ? "none"
    : flags.progress === "auto"
      ? process.stderr.isTTY
        ? "bar"
        : "lines"
      : (flags.progress as ProgressMode);
  const { noColor } = loadCliConfig();
  return {
    progress,
    quiet: Boolean(flags.quiet),
    colour: (stream) => color === "always" || (color === "auto" && Boolean(stream.isTTY) && !noColor),
  };
}
