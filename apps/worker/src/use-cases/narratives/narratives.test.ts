import { describe, expect, it } from "vitest";
import { DEFENSIVE_GROUP, makeSnapshot } from "../../../testing/snapshot-fixture.ts";
import type { AiState } from "../../ports/llm/ai-settings.ts";
import { campaignClusters, campaignNarratives, deterministicNarrative } from "./narratives.ts";
import type { LlmRequest } from "../../ports/llm/provider.ts";

const logger = { warn: () => {} };
const snap = makeSnapshot({ findings: 40, screenshotShare: 0 });

describe("campaign narratives without a model", () => {
  it("name each campaign and say its evidence in words", async () => {
    const { narratives } = await campaignNarratives(snap, { on: false, reason: "off" }, logger);
    const c1 = narratives.find((n) => n.campaign_id === "c1")!;
    expect(c1).toMatchObject({
      name: "DigitalOcean 203.0.113.1 · registered May 1–2 · 2 domains",
      kind: "attack",
      source: "deterministic",
    });
    expect(c1.narrative).toContain('Campaign "DigitalOcean 203.0.113.1 · registered May 1–2 · 2 domains"');
    expect(c1.narrative).toContain("same IP address 203.0.113.1 (DigitalOcean): both domains");
    expect(c1.narrative).not.toMatch(/ip:|registrar:|undefined/);
  });

  it("call the defensive group the brand's own, last, and never one operator's campaign", async () => {
    const { narratives } = await campaignNarratives(snap, { on: false, reason: "off" }, logger);
    const last = narratives.at(-1)!;
    expect(last).toMatchObject({ campaign_id: DEFENSIVE_GROUP, kind: "defensive" });
    expect(last.name).toMatch(/^Probably the brand's own registrations/);
    expect(last.narrative).toContain("probably Acme Bank's own defensive registrations, not an attack");
    expect(last.narrative).toContain("no takedown is needed");
    expect(last.narrative).not.toMatch(/operator|campaign/i);
  });
});

describe("campaign narratives with a model", () => {
  it("give the model the name, kind and evidence in words, not raw keys", async () => {
    const prompts: LlmRequest[] = [];
    const ai: AiState = {
      on: true,
      maxTokensPerScan: 100_000,
      concurrency: 1,
      timeoutMs: 1_000,
      provider: {
        kind: "openai",
        model: "test",
        acceptsImages: false,
        complete: async (req) => {
          prompts.push(req);
          return { text: "A narrative.", usage: { input_tokens: 1, output_tokens: 1 } };
        },
      },
    };
    const { narratives } = await campaignNarratives(snap, ai, logger);
    expect(narratives.every((n) => n.source === "ai" && n.name)).toBe(true);
    const defensive = prompts.find((p) => p.user.includes('"kind": "defensive"'))!;
    expect(defensive.user).toContain("Probably the brand's own registrations");
    expect(defensive.system).toMatch(/never call them an attack or one\s+operator's campaign/);
    const attack = prompts.find((p) => p.user.includes("DigitalOcean 203.0.113.1"))!;
    expect(attack.user).toContain("same IP address 203.0.113.1 (DigitalOcean): both domains");
    expect(attack.user).not.toContain("ip:203.0.113.1");
  });
});

describe("deterministicNarrative", () => {
  it("reads a campaign whose members carry no keys", () => {
    const s = makeSnapshot({ findings: 2, screenshotShare: 0 });
    for (const f of s.findings) Object.assign(f, { campaign_id: "c9", campaign_keys: null });
    const [c] = campaignClusters(s);
    expect(deterministicNarrative(c!, "Acme Bank")).toMatch(/grouped as one campaign/);
  });
});
