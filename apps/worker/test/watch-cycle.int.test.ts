/**
 * The full candidate set on a cycle, against the world (issue 28): after a first look, the world
 * registers a plain repetition typo of the brand's .com that ranks below the top WATCH_MAX_NAMES.
 * A round of the top names alone does not see it; rounds that walk the cycle (full cycle = 4
 * intervals) report it `registered` within one cycle, with its enriched, scored finding.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TWatchRequest, TWatchStats, TWatchUpdateData } from "@brandwarden/contract/watch";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createLogger } from "@brandwarden/platform/logger/logger";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { loadWorkerConfig } from "../src/config.ts";
import { createWorkerContainer, type WorkerContainer } from "../src/container.ts";
import { rankPermutations } from "../src/use-cases/watch/watchlist.ts";

const MAX_NAMES = 50;
const HOUR = 3_600_000;

describe("the watch's full cycle against the world", () => {
  let world: World;
  let container: WorkerContainer;
  const updates: TWatchUpdateData[] = [];
  const brand = { brand_name: "Acme Bank", keywords: ["bank"], owned_domains: ["acmebank.com"] };

  beforeAll(async () => {
    world = await startTestWorld(smallScenario(), { services: false, ct: false });
    const config = loadWorkerConfig({
      ...world.env,
      SCREENSHOTS: "false",
      LOG_LEVEL: "warn",
      DNS_TIMEOUT_MS: "5000",
      WATCH_MAX_NAMES: String(MAX_NAMES),
      // Paced still, but fast enough for a test: the pacing itself is tested on a virtual clock.
      WATCH_QPS: "4000",
    });
    container = createWorkerContainer(
      config,
      {
        bus: createMemoryBus(),
        kv: createMemoryKv(),
        logger: createLogger({ level: "warn", pretty: false, name: "watch-cycle-test" }),
        close: async () => undefined,
      },
      {
        withWeb: false,
        sink: async (envelope) => {
          const e = envelope as { kind: string; data: TWatchUpdateData };
          if (e.kind === "watch_update") updates.push(e.data);
        },
      },
    );
  }, 120_000);

  afterAll(async () => {
    await container?.close();
    await world?.stop();
  });

  /** The lookalikes known before the world moves: tracked and live, so left out of the rounds. */
  let known: string[] = [];

  async function round(over: Partial<TWatchRequest>) {
    const req: TWatchRequest = {
      watch_id: randomUUID(),
      user_id: "00000000-0000-4000-8000-00000000c7c1",
      ...brand,
      domain_profiles: [],
      pinned: [],
      unregistered: [],
      tracked: [],
      // The lookalikes already known and live are left out, as the web app does.
      skip: known,
      ...over,
    };
    expect(container.watch.start(req)).toBe(true);
    await container.watch.drain();
    const mine = updates.filter((u) => u.watch_id === req.watch_id);
    const last = mine.at(-1)!;
    expect(last).toMatchObject({ done: true });
    expect(last.error).toBeUndefined();
    return { observations: mine.flatMap((u) => u.observations), stats: last.stats as TWatchStats };
  }

  it(
    "reports a registration ranked below the top names within one cycle of rounds",
    { timeout: 300_000 },
    async () => {
      const ranked = rankPermutations(brand);
      const inWorld = new Set(world.scenario.lookalikes.map((l) => l.domain));
      const position = ranked.findIndex(
        (r, i) => i > 10 * MAX_NAMES && r.fuzzer === "repetition" && r.domain.endsWith(".com") && !inWorld.has(r.domain), // prettier-ignore
      );
      expect(position).toBeGreaterThan(MAX_NAMES);
      const typo = ranked[position]!.domain;
      known = [...inWorld];
      await world.changes.registerLookalike({ domain: typo, site_kind: "phishing" });

      // The top names alone never reach it.
      const topOnly = await round({});
      expect(topOnly.observations.map((o) => o.domain)).not.toContain(typo);
      expect(topOnly.stats.cycle_total).toBeUndefined();

      const cycle = { interval_ms: HOUR, full_cycle_ms: 4 * HOUR };
      let offset = 0;
      let found: { round: number; source: string; finding: unknown } | null = null;
      const starts: number[] = [];
      for (let n = 1; n <= 4 && !found; n++) {
        const { observations, stats } = await round({ cycle: { ...cycle, offset } });
        starts.push(stats.cycle_start!);
        expect(stats.cycle_total).toBe(ranked.length); // every candidate of the profile
        expect(stats.paced_seconds).toBeGreaterThan(0);
        const hit = observations.find((o) => o.domain === typo);
        if (hit) {
          expect(hit).toMatchObject({ kind: "registered", resolve_status: "registered", source: "cycle" });
          found = { round: n, source: hit.source, finding: hit.finding };
        }
        if (stats.cycle_wrapped) break;
        offset = stats.cycle_next!;
      }
      expect(found).not.toBeNull();
      expect(found!.round).toBeLessThanOrEqual(4);
      expect(found!.finding).toMatchObject({
        domain: typo,
        original_domain: "acmebank.com",
        fuzzer: "repetition",
        login_form: true,
        discovered_by: ["permutation"],
      });
      expect((found!.finding as { score: number }).score).toBeGreaterThan(0);
      // Each round's slice starts where the previous one ended.
      expect(starts[0]).toBe(0);
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    },
  );
});
