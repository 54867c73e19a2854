import { closeServer } from "@brandwarden/platform/http/close-server";
import type { FastifyInstance } from "fastify";
import { buildWorkerApp } from "./app.ts";
import type { WorkerConfig } from "./config.ts";
import { createWorkerContainer, type WorkerAdapters } from "./container.ts";
import { stopSteps } from "@brandwarden/platform/process/shutdown";
import { listenForCancel } from "./use-cases/scan/cancel-listener.ts";

export interface RunningWorker {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
  /** `SHUTDOWN_TIMEOUT`: how long `stop` may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** What a stop has not finished yet (logged as cut when the deadline passes). */
  unfinished(): string[];
}

/**
 * Builds the worker, listens for cancel commands, and serves; `stop` takes no more scans, hands
 * the running ones back to the web app (checkpoints stay, so another worker goes on from the last
 * completed stage) and closes.
 */
export async function startWorker(config: WorkerConfig, infra: WorkerAdapters): Promise<RunningWorker> {
  const container = createWorkerContainer(config, infra);
  const app = await buildWorkerApp(container);
  const stopCancel = await listenForCancel({
    bus: infra.bus,
    prefix: config.eventChannelPrefix,
    cancel: (id, commandId) => container.runner.cancel(id, commandId),
    logger: infra.logger,
  });
  // Screenshots need Chromium as RENDERER_USER (created here when root and missing); decided at
  // start, before any scan: when off, the process log says why once and every scan's log says it too.
  await container.screenshots.check();
  const url = await app.listen({ port: config.port, host: config.host });
  container.ctFollower?.start();
  container.zoneWatch?.start();
  const steps = stopSteps([
    ["HTTP server", () => closeServer(app)],
    ["cancel listener", () => stopCancel()],
    ["scans handed back", () => container.close({ handBack: true })],
    ["Redis and key-value store", () => infra.close()],
  ]);
  return {
    app,
    url,
    stop: steps.run,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    unfinished() {
      const left = steps.unfinished();
      const scans = container.runner.scanIds();
      return scans.length ? [...left, `scans ${scans.join(", ")} (not handed back)`] : left;
    },
  };
}
