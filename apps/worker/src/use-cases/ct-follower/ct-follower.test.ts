import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import { startCtLog, type RunningCtLog } from "@brandwarden/world/services/ct-log";
import { WorldCa } from "@brandwarden/world/tls/ca";
import { Agent } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCtClient } from "../../capabilities/discovery/ct/ct-client.ts";
import { undiciGet } from "../../capabilities/discovery/ct/http-get.ts";
import { sourcesFromUrls } from "../../capabilities/discovery/ct/log-list.ts";
import type { NameAssessor } from "../../capabilities/discovery/follow/assess-name.ts";
import { createBrandRegistry } from "../../capabilities/discovery/follow/brand-registry.ts";
import { CONTOSO, FABRIKAM } from "../../capabilities/discovery/follow/test-brands.ts";
import { createCtFollower, ctLogKey, type FollowerOptions } from "./ct-follower.ts";
import type { LookalikeDiscovered } from "../../capabilities/discovery/follow/discovered-alert.ts";

describe("the CT follower", () => {
  let log: RunningCtLog;
  const agent = new Agent();
  const get = undiciGet(agent);
  const [source] = sourcesFromUrls(["placeholder"]);
  let kv: KeyValueStore;
  let clock: { t: number; now(): number };
  let delivered: LookalikeDiscovered[];
  let brandsUp: boolean;

  const assessor: NameAssessor = {
    assess: async (m, brand) => ({
      domain: m.name,
      original_domain: m.owned ?? brand.owned_domains[0]!,
      discovered_by: ["ct"],
      discovery_reason: m.reason,
      resolve_status: "registered",
      score: 71,
      severity: "high",
    }),
  };

  function follower(owner: string, over: Partial<FollowerOptions> = {}) {
    const src = { ...source!, url: log.baseUrl, description: "World CT log" };
    return createCtFollower({
      source: src,
      client: createCtClient(log.baseUrl, { get, sleep: async () => {} }),
      kv,
      owner,
      clock,
      brands: createBrandRegistry({
        load: async () => {
          if (!brandsUp) throw new Error("web app down");
          return [CONTOSO, FABRIKAM];
        },
        refreshMs: 60_000,
        clock,
      }),
      assessor,
      sink: async (d) => void delivered.push(d),
      logger: createSilentLogger(),
      prefix: "test",
      leaseMs: 30_000,
      ...over,
    });
  }

  const append = (names: string[]) => log.append([{ names, precert: true }]);

  beforeAll(async () => {
    log = await startCtLog(
      new WorldCa(),
      [
        { names: ["contosopay-old-phish.xyz"], precert: true, timestamp: Date.now() - 3_600_000 },
        { names: ["bakery-berlin.de"], precert: false, timestamp: Date.now() - 60_000 },
      ],
      "127.0.0.1",
      0,
      { pageCap: 4 },
    );
  });
  afterAll(async () => {
    await log?.close();
    await agent.close();
  });
  beforeEach(() => {
    kv = createMemoryKv();
    clock = { t: 1_000_000, now: () => clock.t };
    delivered = [];
    brandsUp = true;
  });

  it("starts at the tree head, then hands on a certificate logged after it, for the brand it imitates", async () => {
    const f = follower("w1");
    const first = await f.round();
    expect(first).toMatchObject({ state: "followed", read: 0, matches: 0, next: log.treeSize() });
    expect(delivered).toEqual([]); // what was logged before it started is the scans' business

    const index = append(["www.contosopay-refund-center.xyz", "contosopay-refund-center.xyz"]);
    append(["garden-tools.example.org"]);
    const second = await f.round();
    expect(second).toMatchObject({ state: "followed", read: 2, matches: 1, next: log.treeSize() });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      user_id: CONTOSO.user_id,
      domain: "contosopay-refund-center.xyz",
      rule: "brand",
      term: "contosopay",
      reason: 'label "contosopay-refund-center" contains the brand "contosopay"',
      finding: { domain: "contosopay-refund-center.xyz", original_domain: "contosopay.com", score: 71 },
      log: { url: log.baseUrl, description: "World CT log", kind: "rfc6962" },
      entry: { index, entry_type: "precert_entry" },
    });
    expect(await kv.get(`test:ct:follow:${ctLogKey(log.baseUrl)}:next`)).toBe(String(log.treeSize()));
  });

  it("resumes from its checkpoint after a restart, and hands a name on once per user", async () => {
    await follower("w1").round();
    append(["verify-fabrikam-account.help"]);
    const restarted = follower("w1-after-restart", { leaseMs: 30_000 });
    clock.t += 31_000; // the old process's lease lapsed while it was down
    expect(await restarted.round()).toMatchObject({ state: "followed", read: 1, matches: 1 });
    // The certificate is renewed (logged again): no second alert for the same user and name.
    append(["verify-fabrikam-account.help"]);
    append(["contosopay-fabrikam-login.xyz"]); // both brands at once: one alert each
    expect(await restarted.round()).toMatchObject({ read: 2, matches: 2 });
    expect(delivered.map((d) => [d.user_id, d.domain])).toEqual([
      [FABRIKAM.user_id, "verify-fabrikam-account.help"],
      [CONTOSO.user_id, "contosopay-fabrikam-login.xyz"],
      [FABRIKAM.user_id, "contosopay-fabrikam-login.xyz"],
    ]);
  });

  it("shares a log between worker processes: one reads, the other takes over when its lease lapses", async () => {
    const a = follower("worker-a");
    const b = follower("worker-b");
    expect((await a.round()).state).toBe("followed");
    expect((await b.round()).state).toBe("standby");
    for (let i = 0; i < 6; i++) {
      append([`contosopay-shared-${i}.xyz`]);
      const results = await Promise.all([a.round(), b.round()]);
      expect(results.map((r) => r.state).sort()).toEqual(["followed", "standby"]);
      clock.t += 5_000;
    }
    // worker-a stops (crashes): its lease lapses and worker-b carries on from the checkpoint.
    append(["contosopay-after-crash.xyz"]);
    expect((await b.round()).state).toBe("standby");
    clock.t += 30_001;
    expect(await b.round()).toMatchObject({ state: "followed", read: 1, matches: 1 });
    expect((await a.round()).state).toBe("standby");
    const names = delivered.map((d) => d.domain);
    expect(names).toEqual(
      [...Array(6).keys()].map((i) => `contosopay-shared-${i}.xyz`).concat("contosopay-after-crash.xyz"),
    );
  });

  it("does not read while it has no brands, so nothing logged meanwhile goes unmatched", async () => {
    brandsUp = false;
    const f = follower("w1");
    expect((await f.round()).state).toBe("no_brands");
    brandsUp = true;
    clock.t += 10_000; // the registry tries again soon after a failure
    const start = (await f.round()).next!;
    append(["contosopay-while-web-was-down.xyz"]);
    expect(await f.round()).toMatchObject({ next: start + 1, matches: 1 });
  });

  it("keeps a page whose match could not be handed on, and hands it on in the next round", async () => {
    let failing = true;
    const f = follower("w1", {
      sink: async (d) => {
        if (failing) throw new Error("event stream down");
        delivered.push(d);
      },
    });
    const start = (await f.round()).next!;
    append(["contosopay-retry.xyz"]);
    await expect(f.round()).rejects.toThrow("event stream down");
    failing = false;
    expect(await f.round()).toMatchObject({ read: 1, matches: 1, next: start + 1 });
    expect(delivered.map((d) => d.domain)).toEqual(["contosopay-retry.xyz"]);
  });

  it("hands on a certificate logged while its loop runs, within a poll, and stops cleanly", async () => {
    const controller = new AbortController();
    let polls = 0;
    let deliveredAfterPolls: number | null = null;
    const f = follower("w1", {
      sink: async (d) => {
        delivered.push(d);
        deliveredAfterPolls = polls;
        controller.abort(); // the test has what it waits for
      },
    });
    await f.run(controller.signal, {
      pollMs: 10_000,
      // The poll wait: the certificate is logged during the first one; no real time passes.
      sleep: async () => {
        if (++polls === 1) append(["login-contosopay.secure-portal.online"]);
      },
    });
    expect(delivered.map((d) => [d.user_id, d.domain])).toEqual([
      [CONTOSO.user_id, "login-contosopay.secure-portal.online"],
    ]);
    expect(deliveredAfterPolls).toBe(1); // in the round right after the poll it was logged in
    // The loop gave its lease up: another process takes the log at once.
    expect((await follower("w2").round()).state).toBe("followed");
  });
});
