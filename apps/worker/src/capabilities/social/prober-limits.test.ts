import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProber } from "./prober.ts";
import { proberFor } from "./social-runtime.ts";
import { socialConfigFromEnv } from "./social-config.ts";
import type { SocialHttp } from "./social-http.ts";
import { startSocialWorld, type SocialTestWorld } from "../../../test/social-world.ts";

// The platforms' limits as they really are: GitHub's 60 requests an hour logged out (and 5,000
// with a token), rate-limit headers that say the window is spent, Retry-After on 503, and login
// walls that leave nothing to judge. Waits go through an injected clock, never a timer.

describe("published limits and credentials against the world's GitHub", () => {
  let world: SocialTestWorld;
  beforeAll(async () => {
    world = await startSocialWorld();
  });
  afterAll(() => world?.stop());

  it("logged out, sends at most 60 requests an hour; the rest are unknown(budget_exhausted), not sent", async () => {
    const rt = world.runtime({ SOCIAL_BUDGET_PER_PLATFORM: "500" });
    const prober = proberFor(rt);
    const before = rt.http.requests;
    const handles = Array.from({ length: 70 }, (_, i) => `nobody-here-${i}`);
    const rs = [];
    for (const h of handles) rs.push(await prober.probe("github", h));
    expect(rt.http.requests - before).toBe(60);
    expect(rs.filter((r) => r.verdict.status === "missing")).toHaveLength(60);
    const refused = rs.filter((r) => r.verdict.reason === "budget_exhausted");
    expect(refused).toHaveLength(10);
    expect(refused[0]!.verdict.detail).toMatch(/60 requests per 3600 s|rate limit spent/);
    expect(refused.every((r) => r.attempts === 0)).toBe(true);
  });

  it("with SOCIAL_GITHUB_TOKEN, sends it as a Bearer token and gets GitHub's authenticated limit", async () => {
    // The address's 60 are spent (above): only an accepted token gets answers now.
    const rt = world.runtime({ SOCIAL_GITHUB_TOKEN: "ghp_exampletoken", SOCIAL_BUDGET_PER_PLATFORM: "500" });
    expect(rt.config.credentials.github).toEqual({ authorization: "Bearer ghp_exampletoken" });
    const prober = proberFor(rt);
    const rs = [];
    for (let i = 0; i < 70; i++) rs.push(await prober.probe("github", `someone-else-${i}`));
    expect(rs.every((r) => r.verdict.status === "missing")).toBe(true);
    expect((await prober.probe("github", "acmebank")).verdict.status).toBe("found");
  });
});

describe("login walls", () => {
  let world: SocialTestWorld;
  beforeAll(async () => {
    world = await startSocialWorld([], {
      social_login_walls: ["linkedin", "instagram", "facebook", "x", "threads"],
    });
  });
  afterAll(() => world?.stop());

  it("are unknown(login_wall), saying which wall: LinkedIn's 999, a login redirect, a JavaScript shell", async () => {
    const prober = proberFor(world.runtime());
    const verdict = async (p: Parameters<typeof prober.probe>[0], h: string) =>
      (await prober.probe(p, h)).verdict;
    expect(await verdict("linkedin", "acmebank")).toEqual({
      status: "unknown",
      reason: "login_wall",
      detail: "linkedin 999",
    });
    for (const [p, h] of [
      ["instagram", "acmebank"],
      ["facebook", "acmebank.support"],
      ["threads", "acmebank"],
    ] as const)
      expect(await verdict(p, h), p).toEqual({
        status: "unknown",
        reason: "login_wall",
        detail: "login redirect",
      });
    expect(await verdict("x", "acmebank")).toEqual({
      status: "unknown",
      reason: "login_wall",
      detail: "javascript shell",
    });
    // A platform the scenario does not wall still answers.
    expect((await verdict("github", "acmebank")).status).toBe("found");
  });
});

/** A client that answers from a script and counts what it was asked. */
function scriptedHttp(answers: Array<{ status: number; headers?: Record<string, string>; body?: string }>) {
  const asked: Array<{ url: string; headers: Record<string, string> }> = [];
  const http: SocialHttp = {
    async request(url, o = {}) {
      asked.push({ url, headers: o.headers ?? {} });
      const a = answers[Math.min(asked.length - 1, answers.length - 1)]!;
      return { url, status: a.status, headers: a.headers ?? {}, body: Buffer.from(a.body ?? "") };
    },
    get requests() {
      return asked.length;
    },
    close: async () => {},
  };
  return { http, asked };
}

/** A clock that moves only when the prober waits: waits are recorded, never slept. */
function fakeClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    },
  };
}

const USER = JSON.stringify({ login: "acmebank", name: "Acme Bank", followers: 3 }, null, 2);

function proberOn(http: SocialHttp, clock: ReturnType<typeof fakeClock>["clock"], extra = {}) {
  const c = socialConfigFromEnv({});
  return createProber({
    bases: c.bases,
    http,
    concurrencyPerPlatform: 1,
    budgetPerPlatform: 100,
    timeoutMs: 1000,
    maxRetryAfterMs: 30_000,
    clock,
    ...extra,
  });
}

describe("Retry-After and rate-limit headers", () => {
  it("a 503 with Retry-After in seconds is waited out (on the clock) and retried", async () => {
    const { http, asked } = scriptedHttp([
      { status: 503, headers: { "retry-after": "2" }, body: "Service Unavailable" },
      { status: 200, body: USER },
    ]);
    const { clock, waits } = fakeClock();
    const r = await proberOn(http, clock).probe("github", "acmebank");
    expect(waits).toEqual([2000]);
    expect(asked).toHaveLength(2);
    expect(r.verdict.status).toBe("found");
    expect(r.profile?.display_name).toBe("Acme Bank");
  });

  it("a 503 with Retry-After as an HTTP date is waited until that date", async () => {
    const { clock, waits } = fakeClock();
    const at = new Date(clock.now() + 5000).toUTCString();
    const { http } = scriptedHttp([
      { status: 503, headers: { "retry-after": at } },
      { status: 200, body: USER },
    ]);
    expect((await proberOn(http, clock).probe("github", "acmebank")).verdict.status).toBe("found");
    expect(waits).toEqual([5000]);
  });

  it("a Retry-After beyond the cap is not waited: unknown, never missing", async () => {
    const { http, asked } = scriptedHttp([{ status: 503, headers: { "retry-after": "3600" } }]);
    const { clock, waits } = fakeClock();
    const r = await proberOn(http, clock).probe("github", "acmebank");
    expect(waits).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(r.verdict).toMatchObject({ status: "unknown", reason: "server_error" });
  });

  it("x-ratelimit-remaining 0 stops the platform until x-ratelimit-reset: no request is wasted", async () => {
    const { clock } = fakeClock();
    const reset = String(Math.floor(clock.now() / 1000) + 3600);
    const { http, asked } = scriptedHttp([
      { status: 200, headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset }, body: USER },
    ]);
    const prober = proberOn(http, clock);
    expect((await prober.probe("github", "acmebank")).verdict.status).toBe("found");
    const next = await prober.probe("github", "acmebank-help");
    expect(asked).toHaveLength(1);
    expect(next.verdict).toEqual({
      status: "unknown",
      reason: "budget_exhausted",
      detail: `rate limit spent until ${new Date(Number(reset) * 1000).toISOString()}`,
    });
  });

  it("a window that resets soon is waited out (Bluesky's ratelimit-* headers, Mastodon's ISO reset)", async () => {
    const { clock, waits } = fakeClock();
    const bsky = scriptedHttp([
      {
        status: 200,
        headers: {
          "ratelimit-remaining": "0",
          "ratelimit-reset": String(Math.floor(clock.now() / 1000) + 10),
        },
        body: JSON.stringify({ did: "did:plc:abc", handle: "acme.bsky.social" }),
      },
    ]);
    const prober = proberOn(bsky.http, clock);
    await prober.probe("bluesky", "acme.bsky.social");
    expect((await prober.probe("bluesky", "acme2.bsky.social")).verdict.status).toBe("found");
    expect(waits).toEqual([10_000]);
    expect(bsky.asked).toHaveLength(2);

    const masto = scriptedHttp([
      {
        status: 200,
        headers: {
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": new Date(clock.now() + 4000).toISOString(),
        },
        body: JSON.stringify({ acct: "acme", username: "acme" }),
      },
    ]);
    const p2 = proberOn(masto.http, clock);
    await p2.probe("mastodon", "acme");
    await p2.probe("mastodon", "acme_help");
    expect(waits).toEqual([10_000, 4000]);
  });
});
