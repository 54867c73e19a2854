import type { FastifyInstance } from "fastify";
import { buildWebApp } from "./app.ts";
import type { WebConfig } from "./config.ts";
import { createWebContainer, type WebContainer, type WebInfrastructure } from "./container.ts";
import { scheduleWeeklyRescan } from "./jobs/weekly-rescan.job.ts";
import { readOrCreateSecret } from "./lib/secret-file.ts";

export interface RunningWeb {
  app: FastifyInstance;
  container: WebContainer;
  url: string;
  stop(): Promise<void>;
}

/**
 * Builds the app, fails scans a dead worker left running (now and every minute), starts the
 * event consumer, the jobs and their schedule, and listens; `stop` undoes it in reverse order.
 */
export async function startWeb(config: WebConfig, infra: WebInfrastructure): Promise<RunningWeb> {
  const sessionSecret = config.sessionSecret ?? (await readOrCreateSecret(config.dataDir, "session-secret"));
  const container = createWebContainer(config, infra, { sessionSecret });
  const app = await buildWebApp(container);
  await container.services.scans.failStalled();
  const stalledCheck =
    config.stalledScanCheckMs > 0
      ? setInterval(() => {
          container.services.scans.failStalled().catch((err: unknown) => {
            infra.logger.error({ err }, "stalled-scan check failed");
          });
        }, config.stalledScanCheckMs).unref()
      : undefined;
  await container.consumer.start();
  await infra.queue.start();
  if (config.rescanIntervalMs > 0) await scheduleWeeklyRescan(infra.queue, config.rescanIntervalMs);
  const url = await app.listen({ port: config.port, host: config.host });
  return {
    app,
    container,
    url,
    async stop() {
      clearInterval(stalledCheck);
      await app.close();
      await container.close();
      await infra.close();
    },
  };
}
