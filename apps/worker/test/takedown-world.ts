/**
 * What the worker's takedown tests on the world share: the takedown routes on a worker built from
 * the world's settings (no screenshots; timeouts a loaded machine needs), and the records of a
 * WARC read back with warcio.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { WARCParser } from "warcio";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createLogger } from "@brandwarden/platform/logger/logger";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { loadWorkerConfig } from "../src/config.ts";
import { createWorkerContainer } from "../src/container.ts";
import type { AuditApi } from "../src/ports/web-api/web-api.port.ts";
import { registerTakedownCaseRoutes } from "../src/use-cases/takedowns/takedown-cases.routes.ts";
import { takedownCaseDeps } from "../src/wiring/takedowns.ts";

export interface TakedownWorld {
  world: World;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The small world with what takedowns meet (abuse desks, RIR layouts, an upstream above the
 * bulletproof host) and `/takedown/evidence` and `/takedown/check` answering over `web`.
 */
export async function startTakedownWorld(web: AuditApi, name: string): Promise<TakedownWorld> {
  const world = await startTestWorld(smallScenario({ takedowns: {} }), { ct: false });
  const config = loadWorkerConfig({ ...world.env, SCREENSHOTS: "false", LOG_LEVEL: "warn", HTTP_TIMEOUT_MS: "15000", DNS_TIMEOUT_MS: "5000" }); // prettier-ignore
  const container = createWorkerContainer(
    config,
    { bus: createMemoryBus(), kv: createMemoryKv(), logger: createLogger({ level: "warn", pretty: false, name }), close: async () => undefined }, // prettier-ignore
    { withWeb: false, sink: async () => undefined },
  );
  const app = Fastify();
  installErrorHandler(app);
  registerTakedownCaseRoutes(app, takedownCaseDeps({ web, enricher: container.enricher, social: container.social, checkBudgetMs: 60_000 })); // prettier-ignore
  await app.ready();
  return {
    world,
    app,
    async close() {
      await app.close();
      await container.close();
      await world.stop();
    },
  };
}

export interface WarcRecordRead {
  type?: string;
  uri?: string | null;
  status?: number | string;
  body: Buffer;
  contentType?: string | null;
}

/** The records of a WARC file (base64), bodies decoded. */
export async function warcRecords(warcBase64: string): Promise<WarcRecordRead[]> {
  const out: WarcRecordRead[] = [];
  const parser = new WARCParser(new Blob([Buffer.from(warcBase64, "base64")]).stream());
  for await (const r of parser)
    out.push({ type: r.warcType, uri: r.warcTargetURI, status: r.httpHeaders?.statusCode, contentType: r.warcHeaders.headers.get("Content-Type"), body: Buffer.from(await r.readFully(true)) }); // prettier-ignore
  return out;
}
