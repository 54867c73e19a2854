import type { FastifyInstance } from "fastify";
import { buildWebApp } from "./app.ts";
import type { WebConfig } from "./config.ts";
import { createWebContainer, type WebContainer } from "./container.ts";
import type { WebInfrastructure } from "./container.ts";

export interface RunningWeb {
  app: FastifyInstance;
  container: WebContainer;
  url: string;
  stop(): Promise<void>;
}

/** Builds, starts the background jobs and listens; `stop` closes the server, then the adapters. */
export async function startWeb(config: WebConfig, infra: WebInfrastructure): Promise<RunningWeb> {
  const container = createWebContainer(config, infra);
  const app = await buildWebApp(container);
  await infra.queue.start();
  const url = await app.listen({ port: config.port, host: config.host });
  return {
    app,
    container,
    url,
    async stop() {
      await app.close();
      await infra.close();
    },
  };
}
