import { readDotenv } from "@brandwarden/platform/config/read-dotenv";
import { ConfigError } from "@brandwarden/platform/config/load-env";
import { loadWorkerConfig } from "./config.ts";
import { createWorkerInfrastructure } from "./infrastructure.ts";
import { startWorker } from "./server.ts";

// The worker alone (split deployment): `npm run start:worker`.
readDotenv();
try {
  const config = loadWorkerConfig();
  const infra = createWorkerInfrastructure(config);
  const worker = await startWorker(config, infra);
  infra.logger.info({ url: worker.url, redis: Boolean(config.redisUrl) }, "worker listening");
  const shutdown = async (signal: string) => {
    infra.logger.info({ signal }, "shutting down");
    await worker.stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
