import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Reads a secret kept in DATA_DIR, creating it (mode 0600) on first use. */
export async function readOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, name);
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" }).catch(async () => undefined);
    return (await readFile(file, "utf8")).trim();
  }
}
