import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TSocialPlatformCoverage } from "@brandwarden/contract/findings";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { CATALOGUE_PLATFORMS } from "../social/catalogue/index.ts";
import { createSocialHttp } from "../social/social-http.ts";
import { runSocialDiscovery } from "../social/social-discovery.ts";
import { BRAND, startSocialWorld, type SocialTestWorld } from "../../../test/social-world.ts";
import {
  startUnreachablePlatforms,
  type UnreachablePlatforms,
} from "../../../testing/unreachable-platforms.ts";
import {
  CircuitOpenError,
  createCircuitBreaker,
  guarded,
  sourceNamer,
  withCircuitBreaker,
} from "./circuit-breaker.ts";

const refused = () => Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
const fail = (err: Error) => () => Promise.reject(err);

describe("circuit breaker", () => {
  it("gives a source refusing connections up after 3 in a row; later calls fail at once, unsent", async () => {
    const port = await freePort(); // nothing listens there: connections are refused
    const http = createSocialHttp({ allowPrivateNetwork: true, userAgent: "test", timeoutMs: 2000 });
    const opened: string[] = [];
    const breaker = createCircuitBreaker({ onOpen: (source, reason) => opened.push(`${source}: ${reason}`) });
    const errors = await withCircuitBreaker(breaker, async () => {
      const out: unknown[] = [];
      for (let i = 0; i < 6; i++)
        out.push(await http.request(`http://127.0.0.1:${port}/x${i}`).catch((e) => e));
      return out;
    });
    await http.close();
    expect(http.requests).toBe(3);
    expect(errors.slice(3).every((e) => e instanceof CircuitOpenError)).toBe(true);
    expect(opened).toEqual([`127.0.0.1:${port}: ECONNREFUSED, 3 failures in a row`]);
    expect(breaker.opened()).toEqual([
      { source: `127.0.0.1:${port}`, reason: "ECONNREFUSED, 3 failures in a row" },
    ]);
  });

  it("counts failures per source, in a row only, and not answers, cancellations or other errors", async () => {
    const breaker = createCircuitBreaker();
    const timeout = Object.assign(new Error("timed out"), { name: "TimeoutError" });
    for (const err of [refused(), timeout]) await breaker.call("a", fail(err)).catch(() => undefined);
    await breaker.call("a", async () => "answer");
    for (let i = 0; i < 2; i++) await breaker.call("a", fail(refused())).catch(() => undefined);
    await breaker.call("a", fail(new Error("HTTP 500"))).catch(() => undefined);
    const cancelled = AbortSignal.abort();
    for (let i = 0; i < 3; i++) await breaker.call("a", fail(timeout), cancelled).catch(() => undefined);
    for (let i = 0; i < 2; i++) await breaker.call("b", fail(refused())).catch(() => undefined);
    expect(breaker.opened()).toEqual([]);
    await breaker
      .call("b", fail(Object.assign(new Error("dns"), { code: "ENOTFOUND" })))
      .catch(() => undefined);
    expect(breaker.opened()).toEqual([{ source: "b", reason: "ENOTFOUND, 3 failures in a row" }]);
    await expect(breaker.call("a", async () => "still asked")).resolves.toBe("still asked");
  });

  it("names a URL's source by the longest matching prefix (a platform), else by its host", () => {
    const name = sourceNamer({
      "http://127.0.0.1:8001": "x",
      "http://127.0.0.1:8002/": "x",
      "https://www.googleapis.com/youtube/v3": "youtube",
    });
    expect(name("http://127.0.0.1:8001/acme")).toBe("x");
    expect(name("http://127.0.0.1:8002/2/users?by=acme")).toBe("x");
    expect(name("https://www.googleapis.com/youtube/v3/search?q=acme")).toBe("youtube");
    expect(name("https://www.googleapis.com/youtube/v30")).toBe("www.googleapis.com");
    expect(name("http://127.0.0.1:8011/acme")).toBe("127.0.0.1:8011");
  });

  it("lets calls outside a scan through, whatever failed before", async () => {
    for (let i = 0; i < 5; i++) await guarded("c", fail(refused())).catch(() => undefined);
    await expect(guarded("c", async () => "ok")).resolves.toBe("ok");
  });
});

describe("social stage with every platform dropping connections", () => {
  let world: SocialTestWorld;
  let dead: UnreachablePlatforms;
  beforeAll(async () => {
    [world, dead] = await Promise.all([startSocialWorld(), startUnreachablePlatforms()]);
  });
  afterAll(async () => {
    await Promise.all([world?.stop(), dead?.stop()]);
  });

  it("stops asking each platform after 3 failures, names it (once) in the log and completes", async () => {
    const logs: string[] = [];
    const breaker = createCircuitBreaker({ onOpen: (source, reason) => logs.push(`${source} ${reason}`) });
    const runtime = world.runtime({ ...dead.env, SOCIAL_BUDGET_PER_PLATFORM: "50" });
    const coverage: TSocialPlatformCoverage[] = [];
    const items = await withCircuitBreaker(breaker, () =>
      runSocialDiscovery({
        payload: {
          scan_id: "6c1f7f4e-4a8e-4c36-9d0a-1b2c3d4e5f60",
          user_id: "7d2e8a5f-5b9f-4d47-8e1b-2c3d4e5f6071",
          brand_name: BRAND.brand,
          keywords: [],
          owned_domains: [BRAND.domain],
          social_handles: [],
          logo_url: null,
          domain_profiles: [],
          resume_from_stage: null,
        },
        lookalikeDomains: BRAND.lookalikeDomains,
        signal: new AbortController().signal,
        publish: async (_kind, data) => void coverage.push(...(data.coverage ?? [])),
        progress: () => undefined,
        deps: { runtime },
      }),
    );
    // Every platform was planned many probes and none could be judged: each is reported once as
    // down (not one unknown row per probe); each base got at most the threshold plus what was
    // already in flight (4 per platform) when it was given up.
    expect(items).toEqual([]);
    expect(coverage.map((c) => c.platform).sort()).toEqual([...CATALOGUE_PLATFORMS].sort());
    for (const c of coverage) expect(c, c.platform).toMatchObject({ reason: "down" });
    expect(coverage.every((c) => c.probes > 10)).toBe(true);
    const perBase = Object.entries(dead.connections()).filter(([k]) => k.endsWith("_BASE_URL"));
    for (const [name, n] of perBase) expect(n, name).toBeLessThanOrEqual(3 + 4);
    // One line per platform (its base and API URLs are one source), naming the platform.
    expect(logs.map((l) => l.split(" ")[0]).sort()).toEqual([...CATALOGUE_PLATFORMS].sort());
    for (const line of logs) expect(line).toMatch(/^\w+ (UND_ERR_SOCKET|ECONNRESET), 3 failures in a row$/);
  });
});
