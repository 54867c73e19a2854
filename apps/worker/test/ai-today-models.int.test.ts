/**
 * A scan with the AI provider on, against today's model rules: the world's LLM refuses what the
 * real GPT-5 family and Claude 4.6 family refuse (`max_tokens`, `temperature: 0`, an assistant
 * prefill). The audit still gives verdicts, the campaign gets a model-written narrative and the
 * takedown draft is polished, with no request refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { ZCampaignNarrativesResponse } from "@brandwarden/contract/worker-api";
import { bearerAuth } from "@brandwarden/platform/http/bearer-auth";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { createAiSettings } from "../src/ports/llm/ai-settings.ts";
import { registerAiRoutes } from "../src/app.ts";
import { createAiPolish } from "../src/use-cases/takedowns/ai-polish.ts";
import { TAKEDOWN_AI_FALLBACK } from "../src/use-cases/takedowns/polish.ts";
import { registerTakedownRoutes } from "../src/use-cases/takedowns/takedown.routes.ts";
import { captureLogger } from "./pdf-inspect.ts";
import {
  configureAi,
  ctx,
  findingById,
  runAudit,
  scanWithFindings,
  useAiWorld,
  WORKER_TOKEN,
} from "./ai-harness.ts";

useAiWorld();

let worker: FastifyInstance;
let captured: ReturnType<typeof captureLogger>;
beforeAll(async () => {
  captured = captureLogger();
  const ai = createAiSettings(ctx.client, { ttlMs: 0, network: { allowPrivateNetwork: true } });
  worker = Fastify();
  installErrorHandler(worker);
  await worker.register(
    async (api) => {
      api.addHook("onRequest", bearerAuth(WORKER_TOKEN));
      registerTakedownRoutes(api, { web: ctx.client, polish: createAiPolish(ai), logger: captured.logger });
      registerAiRoutes(api, { web: ctx.client, ai, logger: captured.logger });
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

describe.each([
  ["openai", "gpt-5"],
  ["anthropic", "claude-opus-4-6"],
] as const)("a scan with AI on through %s %s, under today's model rules", (provider, model) => {
  it("gets verdicts, a narrative and a polished takedown with no request refused", async () => {
    await configureAi(provider, { model });
    captured.lines.length = 0;
    const { user, scan, phish, parked } = await scanWithFindings();

    const run = await runAudit(scan.id, user.id);
    expect(run.status).toBe("completed");
    expect(run.logs.find((l) => l.code === "ai_audit_incomplete")).toBeUndefined();
    expect((await findingById(scan.id, phish.id)).ai_verdict).toBe("malicious");
    expect((await findingById(scan.id, parked.id)).ai_verdict).toBe("benign");

    const narr = ZCampaignNarrativesResponse.parse(
      (await post("/campaign/narratives", { scan_id: scan.id })).json(),
    );
    expect(narr.narratives[0]).toMatchObject({ campaign_id: "c-1", source: "ai" });

    const takedown = await post("/takedown/generate", {
      scan_id: scan.id,
      finding_id: phish.id,
      domain: "acmebank-secure-login.com",
    });
    expect(takedown.statusCode).toBe(200);
    expect(takedown.json().body).toContain("acmebank-secure-login.com");
    expect(captured.lines.map((l) => l.code)).not.toContain(TAKEDOWN_AI_FALLBACK);

    const requests = ctx.llm.requests();
    // Two audits, one narrative, one polish: each asked of the configured model, none refused.
    expect(requests.length).toBeGreaterThanOrEqual(4);
    expect(requests.map((r) => (r.body as { model: string }).model)).toEqual(requests.map(() => model));
    expect(requests.filter((r) => r.status >= 400)).toEqual([]);
  });
});
