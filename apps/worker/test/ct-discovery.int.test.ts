/**
 * CT discovery end to end: a whole scan in-process (worker container, memory bus and kv) against
 * the world, whose CT log holds certificates of its lookalikes, of impersonators no permutation
 * produces and of unrelated names. The impersonators must come out as resolved, enriched, scored
 * findings discovered by `ct`; unrelated names never.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TDomainFindingInitial } from "@brandwarden/contract/findings";
import type { TScanStartPayload } from "@brandwarden/contract/scan";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createLogger } from "@brandwarden/platform/logger/logger";
import { impersonatorNames } from "@brandwarden/world/services/ct-log-content";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { loadWorkerConfig } from "../src/config.ts";
import { createWorkerContainer } from "../src/container.ts";

type Row = TDomainFindingInitial;

describe("a scan reading the world's CT log", () => {
  let world: World;
  const findings = new Map<string, Row>();
  const logs: string[] = [];

  beforeAll(async () => {
    world = await startTestWorld(smallScenario());
    const config = loadWorkerConfig({
      ...world.env,
      SCREENSHOTS: "false",
      LOG_LEVEL: "warn",
      DNS_TIMEOUT_MS: "5000",
    });
    expect(config.pipeline.ct.logs).toEqual([world.ctLog!.baseUrl]);
    const container = createWorkerContainer(
      config,
      {
        bus: createMemoryBus(),
        kv: createMemoryKv(),
        logger: createLogger({ level: "warn", pretty: false, name: "ct-test" }),
        close: async () => undefined,
      },
      {
        withWeb: false,
        sink: async (envelope) => {
          const e = envelope as { kind: string; data: Record<string, unknown> };
          if (e.kind === "findings_initial" || e.kind === "findings_delta") {
            for (const f of e.data.findings as Row[])
              findings.set(f.domain, { ...findings.get(f.domain), ...f });
          } else if (e.kind === "log") logs.push(String(e.data.message));
        },
      },
    );
    const payload: TScanStartPayload = {
      scan_id: randomUUID(),
      user_id: randomUUID(),
      brand_name: world.scenario.brand.name,
      keywords: ["bank"],
      owned_domains: [world.scenario.brand.primary_domain],
      social_handles: [],
      logo_url: null,
      domain_profiles: [],
      resume_from_stage: null,
    };
    try {
      await container.runner.submit(payload);
    } finally {
      await container.close();
    }
  }, 240_000);

  afterAll(async () => {
    await world?.stop();
  });

  it("finds the non-permutation impersonators, discovered by ct, resolved, enriched and scored", () => {
    const label = world.scenario.brand.primary_domain.split(".")[0]!;
    const names = impersonatorNames(label);
    expect(names).toContain(`${label}-refund-center.xyz`);
    for (const name of names) {
      const f = findings.get(name);
      expect(f, name).toBeDefined();
      expect(f!.discovered_by, name).toContain("ct");
      expect(f!.discovery_reason, name).toMatch(/brand|free host/);
      expect(f!.resolve_status, name).toBe("registered");
      expect(f!.page_title, name).not.toBeNull();
      expect(f!.score, name).toBeGreaterThan(0);
      // No permutation made it: no fuzzer, and it imitates the owned domain whose name it carries.
      expect(f!.fuzzer, name).toBeNull();
      expect(f!.fuzzers, name).toEqual([]);
      expect(f!.original_domain, name).toBe(world.scenario.brand.primary_domain);
    }
    expect(findings.get(`${label}-support.netlify.app`)!.discovery_reason).toContain("free host netlify.app");
    expect(logs.find((l) => l.startsWith("[generate] CT:"))).toMatch(
      /^\[generate\] CT: \d+ matching names in \d+ entries of 1 logs \(1 unparseable/,
    );
  });

  it("marks permutations found in the log with both sources, and takes no unrelated name", () => {
    const both = [...findings.values()].filter(
      (f) => f.discovered_by?.includes("ct") && f.discovered_by.includes("permutation"),
    );
    expect(both.length).toBeGreaterThan(0);
    for (const f of findings.values()) {
      expect(f.discovered_by?.length, f.domain).toBeGreaterThan(0);
      expect(f.domain).not.toMatch(/^(alpine|bakery|studio|garden|tractor|harbor)-/);
    }
  });
});
