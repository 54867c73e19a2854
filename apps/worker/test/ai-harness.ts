/**
 * The AI layer end to end: a real web app (PGlite) listening on a port, the world's LLM server
 * (OpenAI- and Anthropic-compatible), the worker's audit stage run by the real scan runner, and
 * the narratives / keyword-expansion routes. Faults (malformed, timeout, 429, 500) leave the scan
 * completed with findings unaudited and a warning; AI off still produces every output.
 */
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { PNG } from "pngjs";
import { z } from "zod";
import { ZScanStartPayload } from "@brandwarden/contract/scan";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { LlmSchema } from "@brandwarden/world/scenario/services-schema";
import { startLlm, type RunningLlm } from "@brandwarden/world/services/llm/server";
import {
  insertDomainFinding,
  insertOwnedDomain,
  insertScan,
  insertUser,
} from "@brandwarden/web/test/factories";
import { startTestWeb, TEST_TOKEN, type TestWeb } from "@brandwarden/web/test/harness";
import { createAiSettings } from "../src/ports/llm/ai-settings.ts";
import { createWebClient, type WebClient } from "../src/ports/web-api/web-client.ts";
import { createCheckpoints } from "../src/use-cases/scan/checkpoints.ts";
import { createScanRunner } from "../src/use-cases/scan/scan-runner.ts";
import { auditStage } from "../src/use-cases/scan/stages/audit.ts";
import { scanStartPayload } from "./scan-payload.ts";
import { collectSnapshot } from "../src/ports/web-api/load-snapshot.ts";

export const WORKER_TOKEN = "worker-token-for-ai-tests-0123456789";
export const LLM_KEY = "sk-world-ai-test";

export const ZAny = z.object({ keywords: z.array(z.string()), generation: z.number() });

/** The running world LLM, web app and web client of the calling test file (set in beforeAll). */
export const ctx = {} as { web: TestWeb; webAddress: string; client: WebClient; llm: RunningLlm };

function png(): string {
  const img = new PNG({ width: 32, height: 20, colorType: 2 });
  for (let i = 0; i < 32 * 20; i++) img.data.set([200, 30, 30, 255], i * 4);
  return PNG.sync.write(img, { colorType: 2 }).toString("base64");
}

/** Registers the hooks: a web app on PGlite listening on a port, and the world's LLM. */
export function useAiWorld(): void {
  beforeAll(async () => {
    ctx.web = await startTestWeb("pglite", { WEB_UI_DIR: "/nonexistent/web-ui" });
    ctx.webAddress = await ctx.web.app.listen({ port: 0, host: "127.0.0.1" });
    ctx.client = createWebClient({ baseUrl: ctx.webAddress, token: TEST_TOKEN });
    ctx.llm = await startLlm(LlmSchema.parse({ api_key: LLM_KEY, model: "world-llm-1" }), "127.0.10.1", 0);
  }, 60_000);

  afterAll(async () => {
    await ctx.llm?.close();
    await ctx.web?.close();
  });

  beforeEach(async () => {
    await fetch(`${ctx.llm.url}/__control/reset`, { method: "POST" });
    await putSetting("audit_config", { threshold: "medium", adjustment_min: -15, adjustment_max: 15 });
  });
}

export async function putSetting(key: "ai_provider" | "audit_config", body: unknown) {
  const res = await fetch(`${ctx.webAddress}/v1/settings/${key}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

export type Provider = "openai" | "anthropic";
export async function configureAi(provider: Provider, extra: Record<string, unknown> = {}) {
  await putSetting("ai_provider", {
    enabled: true,
    config: {
      provider,
      base_url: provider === "openai" ? ctx.llm.openaiBaseUrl : ctx.llm.anthropicBaseUrl,
      model: "world-llm-1",
      api_key: LLM_KEY,
      timeout_ms: 5_000,
      max_retries: 1,
      retry_backoff_ms: 20,
      ...extra,
    },
  });
}

export async function scanWithFindings(opts: { injection?: string } = {}) {
  const user = await insertUser(ctx.web.db, { brand_name: "Acme Bank" });
  await insertOwnedDomain(ctx.web.db, {
    user_id: user.id,
    domain: "acmebank.com",
    enrichment_status: "completed",
    profile: {
      domain: "acmebank.com",
      title: "Acme Bank | Online Banking, Mortgages & Credit Cards",
      content_snippet:
        "Bank with Acme Pay and earn Acme Rewards on every purchase. SafeVault™ keeps you safe.",
      ips: [],
      name_servers: [],
      html_hash: null,
      favicon_hash: null,
      screenshot_hash: null,
      fetched_at: new Date().toISOString(),
    },
  });
  const scan = await insertScan(ctx.web.db, user.id, { status: "running" });
  const shot = await ctx.web.container.infra.blobs.put(Buffer.from(png(), "base64"));
  const phish = await insertDomainFinding(ctx.web.db, scan.id, user.id, {
    domain: "acmebank-secure-login.com",
    score: 62,
    severity: "high",
    login_form: true,
    brand_in_page: true,
    page_title: opts.injection ?? "Acme Bank - Sign in",
    threat_feed_hits: [
      { feed: "OpenPhish", matched: "domain", value: "acmebank-secure-login.com", first_seen: null },
    ],
    campaign_id: "c-1",
    campaign_keys: ["ip:203.0.113.9"],
    dns_a: ["203.0.113.9"],
    registration_created: new Date("2025-05-20T00:00:00Z"),
    screenshot_key: shot,
  });
  const parked = await insertDomainFinding(ctx.web.db, scan.id, user.id, {
    domain: "acmebank-pay.com",
    score: 45,
    severity: "medium",
    parked: true,
    page_title: "This domain is for sale",
    campaign_id: "c-1",
    campaign_keys: ["ip:203.0.113.9"],
    dns_a: ["203.0.113.9"],
  });
  const low = await insertDomainFinding(ctx.web.db, scan.id, user.id, {
    domain: "acmebnak.com",
    score: 12,
    severity: "info",
  });
  return { user, scan, phish, parked, low };
}

/** Runs the audit stage through the real scan runner; returns the terminal status and the log lines. */
export async function runAudit(
  scanId: string,
  userId: string,
  ai = createAiSettings(ctx.client, { ttlMs: 0, network: { allowPrivateNetwork: true } }),
) {
  const envelopes: Array<{ kind: string; data: Record<string, unknown> }> = [];
  const runner = createScanRunner({
    stages: [auditStage({ web: ctx.client, ai, waitForFindingsMs: 0 })],
    checkpoints: createCheckpoints(createMemoryKv()),
    sink: async (envelope) => void envelopes.push(envelope as never),
    logger: createSilentLogger(),
    concurrency: 1,
  });
  await runner.submit(ZScanStartPayload.parse(scanStartPayload({ scan_id: scanId, user_id: userId })));
  const updates = envelopes.filter((e) => e.kind === "scan_update").map((e) => e.data);
  const last = updates[updates.length - 1] as {
    status: string;
    stage_states: Record<string, { status: string; error?: string }>;
  };
  const logs = envelopes
    .filter((e) => e.kind === "log")
    .map((e) => e.data as { level: string; message: string; code?: string });
  return { status: last.status, audit: last.stage_states.audit!, logs };
}

export const findingById = async (scanId: string, id: string) =>
  (await collectSnapshot(ctx.client, scanId)).findings.find((f) => f.id === id)!;
