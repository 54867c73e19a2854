import { closeServer } from "@brandwarden/platform/http/close-server";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildWebApp } from "./app.ts";
import type { WebConfig } from "./config.ts";
import type { WebAdapters } from "./adapters.ts";
import { createWebContainer, type WebContainer } from "./container.ts";
import { scheduleWeeklyRescan } from "./jobs/weekly-rescan.job.ts";
import { scheduleTakedownChecks } from "./jobs/takedown-check.job.ts";
import { scheduleWatch } from "./jobs/watch.job.ts";
import { readWebSecrets } from "./lib/secret-file.ts";
import { stopSteps } from "@brandwarden/platform/process/shutdown";

export interface RunningWeb {
  app: FastifyInstance;
  container: WebContainer;
  url: string;
  stop(): Promise<void>;
  /** `SHUTDOWN_TIMEOUT`: how long `stop` may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** What a stop has not closed yet (logged as cut when the deadline passes). */
  unfinished(): string[];
}

/**
 * Builds the app, applies the events it missed, resumes or fails scans a dead worker left running
 * and finishes what a stopped process left half-done (now and every minute), starts the jobs and
 * their schedule, and listens; `stop` undoes it in reverse order. `orphanedAtStart`: the worker
 * lived in the process that stopped (embedded mode), so every dispatched scan lost it.
 */
export async function startWeb(
  config: WebConfig,
  infra: WebAdapters,
  opts: { orphanedAtStart?: boolean } = {},
): Promise<RunningWeb> {
  const container = createWebContainer(config, infra, await readWebSecrets(config));
  const app = await buildWebApp(container);
  // Reconciliation: what the worker reported while no web process ran is applied before the
  // stalled check judges scans and before status is served.
  await container.consumer.start();
  await container.services.scans.failStalled({ orphans: opts.orphanedAtStart });
  await container.reconciler.reconcile();
  let checking = false;
  const stalledCheck =
    config.stalledScanCheckMs > 0
      ? setInterval(() => {
          if (checking) return;
          checking = true;
          container.services.scans
            .failStalled()
            .then(() => container.reconciler.reconcile())
            .catch((err: unknown) => infra.logger.error({ err }, "stalled-scan check failed"))
            .finally(() => (checking = false));
        }, config.stalledScanCheckMs).unref()
      : undefined;
  await infra.queue.start();
  if (config.rescanIntervalMs > 0) await scheduleWeeklyRescan(infra.queue, config.rescanIntervalMs);
  if (config.watchIntervalMs > 0) await scheduleWatch(infra.queue, config.watchIntervalMs);
  if (config.takedowns.checkIntervalMs > 0)
    await scheduleTakedownChecks(infra.queue, config.takedowns.checkIntervalMs);
  // Alerts a stopped process left undelivered go out now.
  await container.services.alerts.redeliverPending();
  const url = await app.listen({ port: config.port, host: config.host });
  const connections = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  // Event streams first: the server's close waits for every open response, and a dashboard's
  // stream never ends by itself. Then the server, the consumer and jobs, the adapters.
  const steps = stopSteps([
    [
      "event streams",
      () => {
        clearInterval(stalledCheck);
        container.deps.sessionStreams.stop();
      },
    ],
    ["HTTP server", () => closeServer(app)],
    ["event consumer and clients", () => container.close()],
    ["database, Redis and job queue", () => infra.close()],
  ]);
  return {
    app,
    container,
    url,
    stop: steps.run,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    unfinished() {
      const [first, ...rest] = steps.unfinished();
      if (first !== "HTTP server") return steps.unfinished();
      return [`HTTP server (${connections.size} connections open)`, ...rest];
    },
  };
}
