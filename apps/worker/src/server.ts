import type { FastifyInstance } from "fastify";
import { rendererIdentity } from "@brandwarden/platform/browser/sandboxed-chromium";
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
  // Screenshots need Chromium as RENDERER_USER; say at start, once, why they cannot be taken.
  if (config.enrich.screenshots)
    await rendererIdentity({ rendererUser: config.enrich.rendererUser }).catch((err: unknown) =>
      infra.logger.error(
        { err: (err as Error).message },
        "screenshots unavailable: Chromium cannot run as RENDERER_USER",
      ),
    );
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
