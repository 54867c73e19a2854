import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { impersonatorNames } from "@brandwarden/world/services/ct-log-content";
import { startTestWorld, smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { runCli } from "./process.ts";

// Issue 22: `brandwarden scan` reads the Certificate Transparency logs CT_LOGS names (the world
// exports its log there) and lists the impersonators no permutation produces, found by `ct`.

describe("brandwarden scan with Certificate Transparency", () => {
  let world: World;
  beforeAll(async () => {
    world = await startTestWorld(smallScenario());
  });
  afterAll(() => world?.stop());

  it("lists the world's non-permutation impersonators as discovered by ct, with why", async () => {
    const domain = world.scenario.brand.primary_domain;
    const res = await runCli(
      ["scan", "--domain", domain, "--brand", world.scenario.brand.name, "--format", "json"],
      { ...world.env, SCREENSHOTS: "false", LOG_LEVEL: "warn" },
    );
    expect(res.code, res.output).toBe(0);
    const json = JSON.parse(res.stdout) as {
      findings: Array<{
        domain: string;
        discovered_by: string[] | null;
        discovery_reason: string | null;
        fuzzer: string | null;
      }>;
    };
    const byName = new Map(json.findings.map((f) => [f.domain, f]));
    const label = domain.split(".")[0]!;
    for (const name of impersonatorNames(label)) {
      const f = byName.get(name);
      expect(f, name).toBeDefined();
      expect(f!.discovered_by, name).toEqual(["ct"]);
      expect(f!.discovery_reason, name).toMatch(/brand|free host/);
      expect(f!.fuzzer, name).toBeNull();
    }
  }, 240_000);
});
