import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { config } from "dotenv";

export interface ReadDotenvOptions {
  /** Default: `.env` in the current directory. */
  path?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Loads a `.env` file into the environment if there is one. Variables already set win, so the
 * real environment (systemd, docker, CI) always overrides the file. Returns the file read, or null.
 */
export function readDotenv(opts: ReadDotenvOptions = {}): string | null {
  const path = resolve(opts.path ?? ".env");
  if (!existsSync(path)) return null;
  const result = config({ path, override: false, quiet: true, processEnv: opts.env ?? process.env });
  if (result.error) throw result.error;
  return path;
}
