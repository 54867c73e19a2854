import { describe, expect, it } from "vitest";
import type { TBrandContext } from "@brandwarden/contract/brand";
import { ZEventMessage, type TEventMessage } from "@brandwarden/contract/events";
import { createScanPublisher } from "../../ports/events/scan-publisher.ts";
import { WebApiError } from "../../ports/web-api/web-client.ts";
import type { AiState } from "../../ports/llm/ai-settings.ts";
import { expandKeywords, KEYWORD_AI_FALLBACK, KEYWORD_EXPANSION_FAILED } from "./keyword-expansion.ts";
import { LlmError, type LlmProvider } from "../../ports/llm/provider.ts";

// Keyword expansion runs in the background after a profile save, so its failures must reach the
// web app as events (contract 4.4: "failures of background work ... surface through the event
// stream"), carrying the user and the generation they concern.

const USER = "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const BRAND: TBrandContext = {
  brand_name: "Acme Bank",
  social_handles: [],
  keywords: [],
  derived_keywords: [],
  owned_domains: [{ domain: "acmebank.com", title: "Acme Bank | Mortgages", content_snippet: "Acme Pay" }],
};
const quiet = { info: () => undefined, warn: () => undefined };
const off = (reason: string): AiState => ({ on: false, reason });
const brokenProvider: LlmProvider = {
  kind: "openai",
  model: "m",
  acceptsImages: false,
  complete: () => Promise.reject(new LlmError("status 500 after 2 attempts", "server_error")),
};
const aiOn = (provider: LlmProvider): AiState => ({
  on: true,
  provider,
  maxTokensPerScan: 10_000,
  concurrency: 1,
  timeoutMs: 1000,
});

function run(opts: {
  ai: AiState;
  context?: () => Promise<TBrandContext>;
  post?: (keywords: string[]) => Promise<{ keywords: string[]; generation: number }>;
}) {
  const events: TEventMessage[] = [];
  const publisher = createScanPublisher({
    sink: async (envelope) => void events.push(ZEventMessage.parse(envelope)),
  });
  const outcome = expandKeywords(
    {
      web: {
        getBrandContext: opts.context ?? (() => Promise.resolve(BRAND)),
        postDerivedKeywords: (_u, b) =>
          (opts.post ?? ((k) => Promise.resolve({ keywords: k, generation: 4 })))(b.keywords),
      },
      ai: { current: () => Promise.resolve(opts.ai) },
      logger: quiet,
      publish: publisher.publish,
    },
    { user_id: USER, generation: 4 },
  );
  return { outcome, events };
}

describe("keyword expansion failures on the event stream", () => {
  it("publishes an error event for the user and generation when the brand profile cannot be read", async () => {
    const r = run({
      ai: off("AI provider not configured"),
      context: () => Promise.reject(new Error("ECONNREFUSED")),
    });
    expect(await r.outcome).toMatchObject({ status: "failed" });
    expect(r.events).toHaveLength(1);
    expect(r.events[0]).toMatchObject({
      kind: "log",
      data: { level: "error", code: KEYWORD_EXPANSION_FAILED, user_id: USER, generation: 4 },
    });
    expect(r.events[0]!.data).toHaveProperty("message", expect.stringMatching(/brand profile.*ECONNREFUSED/));
    expect(r.events[0]!.scan_id).toBeUndefined();
  });

  it("publishes an error event when the derived keywords cannot be stored", async () => {
    const r = run({
      ai: off("AI provider not configured"),
      post: () => Promise.reject(new WebApiError("web answered 500", 500)),
    });
    expect(await r.outcome).toMatchObject({ status: "failed", source: "deterministic" });
    expect(r.events.map((e) => e.data)).toEqual([
      expect.objectContaining({
        level: "error",
        code: KEYWORD_EXPANSION_FAILED,
        message: expect.stringContaining("web answered 500"),
      }),
    ]);
  });

  it("publishes a warning when AI is on but fails, and still stores the deterministic keywords", async () => {
    const r = run({ ai: aiOn(brokenProvider) });
    const outcome = await r.outcome;
    expect(outcome).toMatchObject({ status: "stored", source: "deterministic" });
    expect(outcome.keywords).toContain("acme pay");
    expect(r.events.map((e) => e.data)).toEqual([
      expect.objectContaining({
        level: "warn",
        code: KEYWORD_AI_FALLBACK,
        user_id: USER,
        generation: 4,
        message: expect.stringContaining("status 500 after 2 attempts"),
      }),
    ]);
  });

  it("treats a broken AI setting as a failure, but AI left off on purpose as none", async () => {
    const broken = run({ ai: off("AI provider setting has no model") });
    await broken.outcome;
    expect(broken.events.map((e) => (e.kind === "log" ? e.data.level : e.kind))).toEqual(["warn"]);
    for (const reason of ["AI provider not configured", "AI provider disabled"]) {
      const r = run({ ai: off(reason) });
      expect(await r.outcome).toMatchObject({ status: "stored" });
      expect(r.events).toEqual([]);
    }
  });

  it("publishes nothing for a stale run: the newer run speaks for the profile", async () => {
    const r = run({
      ai: aiOn(brokenProvider),
      post: () => Promise.reject(new WebApiError("stale", 409, "stale_generation")),
    });
    expect(await r.outcome).toMatchObject({ status: "stale" });
    expect(r.events).toEqual([]);
  });
});
