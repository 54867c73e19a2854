import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createFileKv } from "@brandwarden/platform/kv/file-kv";
import { createLogger } from "@brandwarden/platform/logger/logger";
import { loadWebConfig } from "@brandwarden/web/config";
import { createWebAdapters } from "@brandwarden/web/adapters";
import { startWeb } from "@brandwarden/web/server";
import { loadWorkerConfig } from "@brandwarden/worker/config";
import { createWorkerAdapters } from "@brandwarden/worker/adapters";
import { startWorker } from "@brandwarden/worker/server";
import { shutdownWithin } from "@brandwarden/platform/process/shutdown";
import { loadCliConfig } from "../config.ts";

/** In embedded mode only, a token is generated once into DATA_DIR when INTERNAL_API_TOKEN is unset. */
async function embeddedToken(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "internal-api-token");
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const token = randomBytes(32).toString("hex");
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${token}\n`, { mode: 0o600 });
    return token;
  }
}

/**
 * Both services in one process on the embedded defaults: PGlite under DATA_DIR and in-process
 * bus, key-value store and queues. They still talk over HTTP with the bearer token. Scan
 * checkpoints live in DATA_DIR/checkpoints, so a scan the process was running when it stopped (or
 * was killed) is resumed at the next start from its last completed stage; a stage is checkpointed
 * only once the web app applied what it published (the event stream lives in memory).
 */
export async function startEmbedded(env: NodeJS.ProcessEnv) {
  const dataDir = env.DATA_DIR || "./data";
  // DATA_DIR holds the database and secrets: this user's alone (Chromium's renderer user cannot enter).
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  const token = env.INTERNAL_API_TOKEN || (await embeddedToken(dataDir));
  const webPort = env.WEB_PORT || "3000";
  const workerPort = env.WORKER_PORT || "3001";
  const merged = {
    ...env,
    DATA_DIR: dataDir,
    INTERNAL_API_TOKEN: token,
    WORKER_URL: env.WORKER_URL || `http://127.0.0.1:${workerPort}/api/v1`,
    WEB_URL: env.WEB_URL || `http://127.0.0.1:${webPort}`,
    // One process means one shared in-memory bus; Redis and PostgreSQL belong to the split deployment.
    DATABASE_URL: "",
    REDIS_URL: "",
  };
  const webConfig = loadWebConfig(merged);
  const workerConfig = loadWorkerConfig(merged);
  const logger = createLogger({ ...webConfig.log });
  const bus = createMemoryBus({ logger });
  const kv = createMemoryKv();
  const checkpointKv = await createFileKv(path.join(dataDir, "checkpoints"));
  const worker = await startWorker(
    workerConfig,
    createWorkerAdapters(workerConfig, {
      bus,
      kv,
      checkpointKv,
      eventsInMemory: true,
      logger: logger.child({ name: "worker" }),
    }),
  );
  // The worker that ran this data directory's scans stopped with the last process: each scan it
  // left queued or running is resumed now (or failed with a reason when it cannot be).
  const web = await startWeb(
    webConfig,
    await createWebAdapters(webConfig, { bus, kv, logger: logger.child({ name: "web" }) }),
    { orphanedAtStart: true },
  );
  logger.info(
    { web: web.url, worker: worker.url, data_dir: dataDir },
    "Brandwarden is running (embedded mode)",
  );
  return {
    web,
    worker,
    async stop() {
      await web.stop();
      await worker.stop();
      await bus.close();
      await kv.close();
      await checkpointKv.close();
    },
    shutdownTimeoutMs: webConfig.shutdownTimeoutMs,
    unfinished: () => [...web.unfinished(), ...worker.unfinished()],
  };
}

/** `brandwarden start` / `npm start`: runs until SIGINT or SIGTERM, then stops within SHUTDOWN_TIMEOUT. */
export async function runStart(): Promise<void> {
  const running = await startEmbedded(loadCliConfig().env);
  const code = await new Promise<0 | 1>((resolve) => {
    const stop = () => void shutdownWithin(running, { log: (m) => console.error(m) }).then(resolve);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  if (code !== 0) process.exit(code);
}
