import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestWorld, smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { runCli } from "./process.ts";

describe("brandwarden scan", () => {
  let world: World;
  beforeAll(async () => {
    world = await startTestWorld(smallScenario());
  });
  afterAll(() => world?.stop());

  it("scans a brand against the world and prints scored findings with campaigns as JSON", async () => {
    const res = await runCli(
      ["scan", "--domain", "acmebank.com", "--brand", "Acme Bank", "--keywords", "bank", "--format", "json"],
      { ...world.env, SCREENSHOTS: "false", LOG_LEVEL: "info" },
    );
    expect(res.code, res.output).toBe(0);
    // stdout holds the result alone: progress and log lines go to stderr.
    const json = JSON.parse(res.stdout);
    expect(json.findings.length).toBeGreaterThan(5);
    for (const f of json.findings) expect(f.score).toBeTypeOf("number");
    const scores = json.findings.map((f: { score: number }) => f.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const phishing = world.scenario.lookalikes.filter((l) => l.site_kind === "phishing").map((l) => l.domain);
    expect(json.findings.some((f: { domain: string }) => phishing.includes(f.domain))).toBe(true);
    expect(Array.isArray(json.campaigns)).toBe(true);
    // The small world's campaigns, each by a name a person can say beside its id.
    expect(json.campaigns.length).toBeGreaterThan(0);
    for (const c of json.campaigns) {
      expect(c.name).toMatch(/ · \d+ domains?$/);
      expect(c.name).not.toContain(c.campaign_id);
      expect(c.evidence.length).toBeGreaterThan(0);
    }
  }, 180_000);

  it("names the bad flag and exits 2", async () => {
    const bad = await runCli(["scan", "--domain", "not a domain", "--brand", "Acme"]);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain("--domain");
    const fmt = await runCli(["scan", "--domain", "acmebank.com", "--brand", "Acme", "--format", "xml"]);
    expect(fmt.code).toBe(2);
    expect(fmt.output).toContain("--format");
    const ns = await runCli([
      "scan",
      "--domain",
      "acmebank.com",
      "--brand",
      "Acme",
      "--nameservers",
      "not:a:server:9",
    ]);
    expect(ns.code).toBe(2);
    expect(ns.output).toContain("--nameservers");
    const missing = await runCli(["scan", "--domain", "acmebank.com"]);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain("--brand");
  }, 180_000);
});
