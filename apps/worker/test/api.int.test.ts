import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { WORKER_PATHS } from "@brandwarden/contract/worker-api";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { buildWorkerApp } from "../src/app.ts";
import { loadWorkerConfig } from "../src/config.ts";
import { createWorkerContainer, type WorkerContainer } from "../src/container.ts";
import { scanStartPayload } from "./scan-payload.ts";

const TOKEN = "worker-test-token-0123456789";

const containers: WorkerContainer[] = [];
async function build(env: Record<string, string>): Promise<FastifyInstance> {
  const infra = {
    bus: createMemoryBus(),
    kv: createMemoryKv(),
    logger: createSilentLogger(),
    close: async () => undefined,
  };
  // A name server that refuses at once, so a scan started here ends fast instead of waiting on DNS.
  const config = loadWorkerConfig({ DNS_NAMESERVERS: "127.0.0.1:9", DNS_TIMEOUT_MS: "200", ...env });
  const container = createWorkerContainer(config, infra, { withWeb: false });
  containers.push(container);
  const app = await buildWorkerApp(container);
  await app.ready();
  return app;
}

const VALID_BODIES: Record<string, unknown> = {
  [WORKER_PATHS.scanStart]: scanStartPayload(),
  [WORKER_PATHS.campaignNarratives]: { scan_id: randomUUID() },
  [WORKER_PATHS.takedownGenerate]: {
    scan_id: randomUUID(),
    finding_id: randomUUID(),
    domain: "acrnebank.com",
  },
  [WORKER_PATHS.domainEnrich]: {
    owned_domain_id: randomUUID(),
    user_id: randomUUID(),
    domain: "acmebank.com",
    generation: 1,
  },
  [WORKER_PATHS.socialEnrich]: {
    social_handle_id: randomUUID(),
    user_id: randomUUID(),
    platform: "x",
    handle: "acmebank",
    generation: 1,
  },
  [WORKER_PATHS.keywordExpand]: { user_id: randomUUID(), generation: 1 },
  [WORKER_PATHS.reportGenerate]: { scan_id: randomUUID() },
};

describe("worker /api/v1", () => {
  let app: FastifyInstance;
  let unset: FastifyInstance;
  beforeAll(async () => {
    app = await build({ INTERNAL_API_TOKEN: TOKEN });
    unset = await build({});
  });
  afterAll(async () => {
    await app.close();
    await unset.close();
    await Promise.all(containers.map((c) => c.close()));
  });

  const post = (a: FastifyInstance, path: string, body: unknown, token?: string) =>
    a.inject({
      method: "POST",
      url: `/api/v1${path}`,
      payload: body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it.each(Object.values(WORKER_PATHS))(
    "POST %s checks the bearer token and fails closed when unset",
    async (path) => {
      expect((await post(app, path, VALID_BODIES[path])).statusCode).toBe(401);
      expect((await post(app, path, VALID_BODIES[path], "wrong-token-0123456789")).statusCode).toBe(401);
      expect((await post(unset, path, VALID_BODIES[path], TOKEN)).statusCode).toBe(401);
    },
  );

  it.each(Object.values(WORKER_PATHS))("POST %s answers 422 for a bad body", async (path) => {
    const bad = await post(app, path, { nope: true }, TOKEN);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toBe("invalid");
  });

  it("accepts a valid scan with 202 at once and runs it in the background", async () => {
    const res = await post(app, WORKER_PATHS.scanStart, VALID_BODIES[WORKER_PATHS.scanStart], TOKEN);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ accepted: true });
  });

  it("accepts keyword expansion with 202 and runs it in the background", async () => {
    const res = await post(app, WORKER_PATHS.keywordExpand, VALID_BODIES[WORKER_PATHS.keywordExpand], TOKEN);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
  });

  it("answers campaign narratives from the web app's data (502 while it is unreachable)", async () => {
    const res = await post(
      app,
      WORKER_PATHS.campaignNarratives,
      VALID_BODIES[WORKER_PATHS.campaignNarratives],
      TOKEN,
    );
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: "upstream_failed" });
  });

  it("serves /healthz without a token", async () => {
    const res = await app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", redis: "not_configured" });
  });
});
