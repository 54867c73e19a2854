import type { FastifyInstance } from "fastify";
import { buildWorkerApp } from "./app.ts";
import type { WorkerConfig } from "./config.ts";
import { createWorkerContainer, type WorkerInfrastructure } from "./container.ts";

export interface RunningWorker {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

export async function startWorker(config: WorkerConfig, infra: WorkerInfrastructure): Promise<RunningWorker> {
  const app = await buildWorkerApp(createWorkerContainer(config, infra));
  const url = await app.listen({ port: config.port, host: config.host });
  return {
    app,
    url,
    async stop() {
      await app.close();
      await infra.close();
    },
  };
}
