import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Reads a secret kept in DATA_DIR, creating it (mode 0600) on first use. */
async function readOrCreateSecret(dataDir: string, name: string): Promise<string> {
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

/**
 * The web app's keys: each its own variable, or generated once into DATA_DIR. Snapshot links have
 * a key of their own, so the session secret signs cookies only.
 */
export async function readWebSecrets(config: {
  dataDir: string;
  sessionSecret?: string;
  snapshotLinkSecret?: string;
}): Promise<{ sessionSecret: string; snapshotLinkSecret: string }> {
  return {
    sessionSecret: config.sessionSecret ?? (await readOrCreateSecret(config.dataDir, "session-secret")),
    snapshotLinkSecret:
      config.snapshotLinkSecret ?? (await readOrCreateSecret(config.dataDir, "snapshot-link-secret")),
  };
}
