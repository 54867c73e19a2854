/**
 * A watch round against the world, in-process (worker container, its own event sink): between
 * two looks the world registers a watched name, turns a parked page into phishing, has a
 * taken-down site suspended and another name deleted. The round must report each, with a full
 * finding where something new is to be seen, and nothing for what did not move.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TWatchRequest, TWatchTracked, TWatchUpdateData } from "@brandwarden/contract/watch";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createLogger } from "@brandwarden/platform/logger/logger";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { loadWorkerConfig } from "../src/config.ts";
import { createWorkerContainer, type WorkerContainer } from "../src/container.ts";
import { lookAtSite } from "../src/use-cases/watch/content-check.ts";
import { rankPermutations } from "../src/use-cases/watch/watchlist.ts";

describe("a watch round against a world that moved", () => {
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
      WATCH_MAX_NAMES: "300",
    });
    container = createWorkerContainer(
      config,
      {
        bus: createMemoryBus(),
        kv: createMemoryKv(),
        logger: createLogger({ level: "warn", pretty: false, name: "watch-test" }),
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

  const lookalike = (kind: string, skip: string[] = []) =>
    world.scenario.lookalikes.find(
      (l) => l.site_kind === kind && !l.dns.fault && l.dns.a.length && !skip.includes(l.domain),
    )!;
  async function tracked(domain: string, state: TWatchTracked["state"]): Promise<TWatchTracked> {
    const l = world.changes.lookalike(domain)!;
    const look = await lookAtSite(
      domain,
      { a: l.dns.a, aaaa: l.dns.aaaa, ns: l.dns.ns },
      {
        brand_names: [brand.brand_name],
        keywords: brand.keywords,
        owned_domains: brand.owned_domains,
        profiles: [],
      },
      container.enricher.deps,
    );
    return { domain, state, fingerprint: look.fingerprint };
  }

  it("reports the newly registered, the changed, the taken down and the deleted, and nothing else", async () => {
    const inWorld = new Set(world.scenario.lookalikes.map((l) => l.domain));
    const fresh = rankPermutations(brand).find((r) => !inWorld.has(r.domain) && r.domain.endsWith(".com"))!;
    const parked = lookalike("parked");
    const phishing = lookalike("phishing");
    const deleted = lookalike("unrelated");
    const quiet = lookalike("unrelated", [deleted.domain]);
    const pinned = lookalike("redirect");
    const before = await Promise.all([
      tracked(parked.domain, "registered"),
      tracked(phishing.domain, "takedown_requested"),
      tracked(deleted.domain, "registered"),
      tracked(quiet.domain, "registered"),
    ]);

    // Between the two looks, the world moves.
    const ip = parked.dns.a[0]!.replace(/\.\d+\.\d+$/, ".251.3");
    await world.changes.registerLookalike({ domain: fresh.domain, site_kind: "phishing", ips: [ip] });
    world.changes.turnPhishing(parked.domain);
    world.changes.takeDown(phishing.domain, "web");
    world.changes.takeDown(deleted.domain);

    const req: TWatchRequest = {
      watch_id: randomUUID(),
      user_id: randomUUID(),
      ...brand,
      domain_profiles: [],
      pinned: [pinned.domain],
      unregistered: [],
      tracked: before,
      skip: [],
    };
    expect(container.watch.start(req)).toBe(true);
    expect(container.watch.start(req)).toBe(false); // one round per user at a time
    await container.watch.drain();

    const mine = updates.filter((u) => u.watch_id === req.watch_id);
    const seen = new Map(mine.flatMap((u) => u.observations).map((o) => [o.domain, o]));
    const last = mine.at(-1)!;
    expect(last.done).toBe(true);
    expect(last.error).toBeUndefined();

    const registered = seen.get(fresh.domain)!;
    expect(registered).toMatchObject({
      kind: "registered",
      source: "watchlist",
      resolve_status: "registered",
      reachable: true,
    });
    expect(registered.finding).toMatchObject({ login_form: true, original_domain: "acmebank.com" });
    expect(registered.finding!.registrar).toBe(world.changes.lookalike(fresh.domain)!.registration.registrar);
    expect(registered.finding!.score).toBeGreaterThan(0);
    expect(seen.get(pinned.domain)).toMatchObject({ kind: "registered", source: "pinned" });

    const changed = seen.get(parked.domain)!;
    expect(changed).toMatchObject({ kind: "checked", content_changed: true, reachable: true });
    expect(changed.finding).toMatchObject({ login_form: true, password_form: true });

    expect(seen.get(phishing.domain)).toMatchObject({
      kind: "checked",
      reachable: false,
      content_changed: false,
      finding: null,
    });
    expect(seen.get(deleted.domain)).toMatchObject({ resolve_status: "unregistered" });
    expect(seen.has(quiet.domain)).toBe(false);
    expect(last.unchanged).toContain(quiet.domain);

    expect(last.stats).toMatchObject({ tracked: 4, pinned: 1, registered: 2, content_changed: 1 });
    expect(last.stats!.names).toBeGreaterThanOrEqual(300);
    expect(last.stats!.dns_queries).toBeGreaterThan(300);
  });
});
