import { readDotenv } from "@brandwarden/platform/config/read-dotenv";
import { ConfigError } from "@brandwarden/platform/config/load-env";
import { loadWebConfig } from "./config.ts";
import { createWebInfrastructure } from "./infrastructure.ts";
import { startWeb } from "./server.ts";

// The web application alone (split deployment): `npm run start:web`.
readDotenv();
try {
  const config = loadWebConfig();
  const infra = await createWebInfrastructure(config);
  const web = await startWeb(config, infra);
  infra.logger.info(
    { url: web.url, database: infra.dbKind, redis: Boolean(config.redisUrl) },
    "web application listening",
  );
  const shutdown = async (signal: string) => {
    infra.logger.info({ signal }, "shutting down");
    await web.stop();
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
