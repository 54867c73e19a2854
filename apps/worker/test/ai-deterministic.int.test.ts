/**
 * The AI layer end to end: a real web app (PGlite) listening on a port, the world's LLM server
 * (OpenAI- and Anthropic-compatible), the worker's audit stage run by the real scan runner, and
 * the narratives / keyword-expansion routes. Faults (malformed, timeout, 429, 500) leave the scan
 * completed with findings unaudited and a warning; AI off still produces every output.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { ZCampaignNarrativesResponse } from "@brandwarden/contract/worker-api";
import { bearerAuth } from "@brandwarden/platform/http/bearer-auth";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { getUser, updateUser } from "@brandwarden/web/test/factories";
import { createAiSettings } from "../src/ports/llm/ai-settings.ts";
import { registerAiRoutes } from "../src/app.ts";
import { createAiProse } from "../src/use-cases/reports/ai-summary.ts";
import { createAiPolish } from "../src/use-cases/takedowns/ai-polish.ts";
import { isStaleGeneration } from "../src/ports/web-api/web-client.ts";
import { registerReportRoutes } from "../src/use-cases/reports/report.routes.ts";
import { REPORT_AI_FALLBACK } from "../src/use-cases/reports/report-prose.ts";
import { captureLogger } from "./pdf-inspect.ts";
import { TAKEDOWN_AI_FALLBACK } from "../src/use-cases/takedowns/polish.ts";
import { registerTakedownRoutes } from "../src/use-cases/takedowns/takedown.routes.ts";

import {
  ctx,
  configureAi,
  findingById,
  putSetting,
  runAudit,
  scanWithFindings,
  useAiWorld,
  WORKER_TOKEN,
  ZAny,
} from "./ai-harness.ts";

useAiWorld();

describe("AI off: every output is still produced deterministically", () => {
  let worker: FastifyInstance;
  let captured: ReturnType<typeof captureLogger>;
  let routes: ReturnType<typeof registerAiRoutes>;

  beforeAll(async () => {
    captured = captureLogger();
    const ai = createAiSettings(ctx.client, { ttlMs: 0, network: { allowPrivateNetwork: true } });
    worker = Fastify();
    installErrorHandler(worker);
    await worker.register(
      async (api) => {
        api.addHook("onRequest", bearerAuth(WORKER_TOKEN));
        registerReportRoutes(api, { web: ctx.client, prose: createAiProse(ai), logger: captured.logger });
        registerTakedownRoutes(api, { web: ctx.client, polish: createAiPolish(ai), logger: captured.logger });
        routes = registerAiRoutes(api, { web: ctx.client, ai, logger: captured.logger });
      },
      { prefix: "/api/v1" },
    );
    await worker.ready();
  });
  afterAll(() => worker?.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    worker.inject({
      method: "POST",
      url: `/api/v1${url}`,
      payload,
      headers: { authorization: `Bearer ${WORKER_TOKEN}` },
    });

  it("skips the audit stage with the reason", async () => {
    await putSetting("ai_provider", { enabled: false });
    const { user, scan, phish } = await scanWithFindings();
    const run = await runAudit(scan.id, user.id);
    expect(run.status).toBe("completed");
    expect(run.audit.status).toBe("skipped");
    expect(run.audit.error).toBe("AI provider disabled");
    expect((await findingById(scan.id, phish.id)).ai_verdict).toBeNull();
    expect(ctx.llm.requests()).toHaveLength(0);
  });

  it("writes campaign narratives, keywords, report prose and takedowns without a model", async () => {
    await putSetting("ai_provider", { enabled: false });
    captured.lines.length = 0;
    const { user, scan, phish } = await scanWithFindings();

    const narr = await post("/campaign/narratives", { scan_id: scan.id });
    expect(narr.statusCode).toBe(200);
    const { narratives } = ZCampaignNarrativesResponse.parse(narr.json());
    expect(narratives).toHaveLength(1);
    expect(narratives[0]).toMatchObject({
      campaign_id: "c-1",
      domains: ["acmebank-pay.com", "acmebank-secure-login.com"],
      source: "deterministic",
    });
    expect(narratives[0]!.narrative).toMatch(
      /2 lookalike domains of Acme Bank .* same IP address 203\.0\.113\.9: both domains/,
    );
    expect(narratives[0]!.name).toMatch(/^203\.0\.113\.9 · /);

    const u = await getUser(ctx.web.db, user.id);
    const expand = await post("/brand/keyword_expand", {
      user_id: user.id,
      generation: u!.keyword_generation,
    });
    expect(expand.statusCode).toBe(202);
    expect(expand.json()).toEqual({ accepted: true });
    const [outcome] = await routes.drain();
    expect(outcome).toMatchObject({ status: "stored", source: "deterministic" });
    const derived = await ctx.client.request("GET", `/v1/users/${user.id}/derived_keywords`, ZAny);
    expect(derived.keywords).toEqual(
      expect.arrayContaining(["acmebank", "acme pay", "acme rewards", "safevault"]),
    );
    expect(derived.keywords).toEqual(expect.arrayContaining(["mortgages", "credit cards"]));

    const report = await post("/report/generate", { scan_id: scan.id });
    expect(report.statusCode).toBe(200);
    const takedown = await post("/takedown/generate", {
      scan_id: scan.id,
      finding_id: phish.id,
      domain: "acmebank-secure-login.com",
    });
    expect(takedown.statusCode).toBe(200);
    expect(takedown.json().body).toContain("acmebank-secure-login.com");
    const codes = captured.lines.map((l) => l.code);
    expect(codes).toContain(REPORT_AI_FALLBACK);
    expect(codes).toContain(TAKEDOWN_AI_FALLBACK);
    expect(codes).toContain("narrative_ai_deterministic_fallback");
    expect(ctx.llm.requests()).toHaveLength(0);
  });

  it("with AI on, narratives and keywords come from the model; a stale generation is dropped", async () => {
    await configureAi("openai");
    ctx.llm.addScript({
      when_contains: "impostor would likely use",
      answer: '{"keywords": ["Acme Pay", "acme-bank login", "AcmeRewards", "acme pay"]}',
    });
    const { user, scan } = await scanWithFindings();
    const narr = ZCampaignNarrativesResponse.parse(
      (await post("/campaign/narratives", { scan_id: scan.id })).json(),
    );
    expect(narr.narratives[0]!.source).toBe("ai");
    expect(narr.narratives[0]!.narrative).toMatch(/campaign/);

    const u = await getUser(ctx.web.db, user.id);
    expect(
      (await post("/brand/keyword_expand", { user_id: user.id, generation: u!.keyword_generation }))
        .statusCode,
    ).toBe(202);
    const [ok] = await routes.drain();
    expect(ok).toMatchObject({
      status: "stored",
      source: "ai",
      keywords: ["acme pay", "acme-bank login", "acmerewards"],
    });

    // The profile changes meanwhile: the result for the old generation is dropped (409).
    await updateUser(ctx.web.db, user.id, { keyword_generation: u!.keyword_generation + 1 });
    await post("/brand/keyword_expand", { user_id: user.id, generation: u!.keyword_generation });
    const [stale] = await routes.drain();
    expect(stale!.status).toBe("stale");
    const err = await ctx.client
      .postDerivedKeywords(user.id, { keywords: ["x"], generation: u!.keyword_generation })
      .catch((e: unknown) => e);
    expect(isStaleGeneration(err)).toBe(true);
    const derived = await ctx.client.request("GET", `/v1/users/${user.id}/derived_keywords`, ZAny);
    expect(derived).toEqual({ keywords: [], generation: u!.keyword_generation + 1 });
  });
});
