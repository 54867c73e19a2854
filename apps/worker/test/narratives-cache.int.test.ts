/**
 * Campaign narratives as the dashboard gets them: the web's narratives service, its real worker
 * client, the worker's route (with a short injected deadline) and the world's LLM answering slowly
 * (20 s a call, as a real model may). The worker answers at its deadline with the deterministic
 * text; the answer is cached per scan, so a second visit spends no LLM call; regenerating is
 * limited per user.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { bearerAuth } from "@brandwarden/platform/http/bearer-auth";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import {
  createTestNarratives,
  NARRATIVE_GENERATIONS,
  type TestNarratives,
} from "@brandwarden/web/test/narratives-harness";
import { createAiSettings } from "../src/ports/llm/ai-settings.ts";
import { registerAiRoutes } from "../src/app.ts";
import { configureAi, ctx, scanWithFindings, useAiWorld, WORKER_TOKEN } from "./ai-harness.ts";

useAiWorld();

describe("campaign narratives: bounded, cached per scan, limited per user", () => {
  let worker: FastifyInstance;
  let narratives: TestNarratives;
  let service: TestNarratives["service"];

  beforeAll(async () => {
    worker = Fastify();
    installErrorHandler(worker);
    await worker.register(
      async (api) => {
        api.addHook("onRequest", bearerAuth(WORKER_TOKEN));
        registerAiRoutes(api, {
          web: ctx.client,
          ai: createAiSettings(ctx.client, { ttlMs: 0, network: { allowPrivateNetwork: true } }),
          logger: createSilentLogger(),
          // The deadline is injected: far below the slow model's 20 s, so the first test sees the
          // route answer at its deadline, and far above what a prompt model's answer takes on a
          // loaded machine, so the other tests get the model's text (300 ms was flaky under load).
          // NARRATIVES_DEADLINE_MS < the read timeout is a unit check in
          // src/use-cases/narratives/narratives-deadline.test.ts.
          narrativesDeadlineMs: 8_000,
        });
      },
      { prefix: "/api/v1" },
    );
    await worker.listen({ port: 0, host: "127.0.0.1" });
    const { port } = worker.server.address() as AddressInfo;
    narratives = createTestNarratives(ctx.web.db, {
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      token: WORKER_TOKEN,
    });
    service = narratives.service;
  });
  afterAll(async () => {
    await narratives?.close();
    await worker?.close();
  });

  it("answers at its deadline with deterministic text when the model is slow, then serves the cache", async () => {
    await configureAi("openai", { timeout_ms: 30_000, max_retries: 0 });
    ctx.llm.setFaults({ delay_ms: 20_000 });
    const { user, scan } = await scanWithFindings();

    // The model takes 20 s a call; the route answers at its deadline with the deterministic text.
    const first = await service.forScan(scan.id, user.id);
    expect(first.cached).toBe(false);
    expect(first.narratives).toHaveLength(1);
    expect(first.narratives[0]).toMatchObject({ campaign_id: "c-1", source: "deterministic" });
    expect(first.narratives[0]!.narrative).toMatch(/2 lookalike domains of Acme Bank/);
    const callsAfterFirst = ctx.llm.requests().length;
    expect(callsAfterFirst).toBeGreaterThan(0); // the model was asked, and given up on

    const second = await service.forScan(scan.id, user.id);
    expect(second).toMatchObject({ cached: true, narratives: first.narratives });
    expect(ctx.llm.requests()).toHaveLength(callsAfterFirst); // no LLM budget spent
  }, 60_000);

  it("asks the model once when the dashboard asks for a scan's narratives twice at once", async () => {
    await configureAi("openai");
    ctx.llm.setFaults({ delay_ms: 0 });
    const { user, scan } = await scanWithFindings();
    const before = ctx.llm.requests().length;
    const [a, b] = await Promise.all([service.forScan(scan.id, user.id), service.forScan(scan.id, user.id)]);
    expect(a.narratives[0]!.source).toBe("ai");
    expect(b).toEqual(a);
    const oneGeneration = ctx.llm.requests().length - before;
    // The same scan alone, in another user's account: what one generation costs.
    const other = await scanWithFindings();
    const beforeOther = ctx.llm.requests().length;
    await service.forScan(other.scan.id, other.user.id);
    expect(oneGeneration).toBe(ctx.llm.requests().length - beforeOther);
  });

  it("regenerates with the model once it answers, within a per-user limit (429 beyond)", async () => {
    await configureAi("openai");
    ctx.llm.setFaults({ delay_ms: 0 });
    const { user, scan } = await scanWithFindings();
    const fresh = await service.regenerate(scan.id, user.id);
    expect(fresh.narratives[0]!.source).toBe("ai");
    expect((await service.forScan(scan.id, user.id)).cached).toBe(true);
    for (let i = 1; i < NARRATIVE_GENERATIONS.max; i++) await service.regenerate(scan.id, user.id);
    await expect(service.regenerate(scan.id, user.id)).rejects.toMatchObject({ code: "rate_limited" });
    // Another user's limit is their own.
    const other = await scanWithFindings();
    expect((await service.forScan(other.scan.id, other.user.id)).cached).toBe(false);
  });
});
