import { runService } from "@brandwarden/platform/process/run-service";
import { loadWorkerConfig } from "./config.ts";
import { createWorkerAdapters } from "./adapters.ts";
import { startWorker } from "./server.ts";

// The worker alone (split deployment): `npm run start:worker`.
await runService(
  async () => {
    const config = loadWorkerConfig();
    const infra = createWorkerAdapters(config);
    const worker = await startWorker(config, infra);
    infra.logger.info({ url: worker.url, redis: Boolean(config.redisUrl) }, "worker listening");
    return worker;
  },
  (message) => console.log(message),
);
