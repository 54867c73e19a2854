import { runService } from "@brandwarden/platform/process/run-service";
import { loadWebConfig } from "./config.ts";
import { createWebAdapters } from "./adapters.ts";
import { startWeb } from "./server.ts";

// The web application alone (split deployment): `npm run start:web`.
await runService(
  async () => {
    const config = loadWebConfig();
    const infra = await createWebAdapters(config);
    const web = await startWeb(config, infra);
    infra.logger.info(
      { url: web.url, database: infra.dbKind, redis: Boolean(config.redisUrl) },
      "web application listening",
    );
    return web;
  },
  (message) => console.log(message),
);
