import type { FastifyInstance } from "fastify";
import { buildWorkerApp } from "./app.ts";
import type { WorkerConfig } from "./config.ts";
import { createWorkerContainer, type WorkerAdapters } from "./container.ts";
import { listenForCancel } from "./use-cases/scan/cancel-listener.ts";

export interface RunningWorker {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/** Builds the worker, listens for cancel commands, and serves; `stop` ends scans (checkpoints stay) and closes. */
export async function startWorker(config: WorkerConfig, infra: WorkerAdapters): Promise<RunningWorker> {
  const container = createWorkerContainer(config, infra);
  const app = await buildWorkerApp(container);
  const stopCancel = await listenForCancel({
    bus: infra.bus,
    prefix: config.eventChannelPrefix,
    cancel: (id, commandId) => container.runner.cancel(id, commandId),
    logger: infra.logger,
  });
  const url = await app.listen({ port: config.port, host: config.host });
  container.ctFollower?.start();
  return {
    app,
    url,
    async stop() {
      await app.close();
      await stopCancel();
      await container.close();
      await infra.close();
    },
  };
}
