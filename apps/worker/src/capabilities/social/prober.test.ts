import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TSocialPlatform } from "@brandwarden/contract/brand";
import { CATALOGUE, CATALOGUE_PLATFORMS } from "./catalogue/index.ts";
import { createProber } from "./prober.ts";
import { proberFor } from "./social-runtime.ts";
import { startSocialWorld, type SocialTestWorld } from "../../../test/social-world.ts";

// Every probe outcome against the world's platform servers, and the catalogue's fixtures:
// each platform's known-existing handle is found (with fields), its known-missing one is missing.

const fixtureProfiles = CATALOGUE_PLATFORMS.map((platform) => ({
  platform,
  handle: CATALOGUE[platform].fixtures.claimed,
  kind: "namesake" as const,
  display_name: `Fixture ${platform}`,
  bio: `Known account on ${platform}. https://example.org/${platform}`,
  links: [`https://example.org/${platform}`],
  followers: 1234,
  created_at: "2015-03-04T05:06:07.000Z",
}));

let world: SocialTestWorld;
beforeAll(async () => {
  world = await startSocialWorld([
    ...fixtureProfiles,
    { platform: "x", handle: "quick_limit", state: "ratelimited", retry_after_s: 1 },
    { platform: "github", handle: "long-limit", state: "ratelimited", retry_after_s: 120 },
    { platform: "mastodon", handle: "slowpoke", state: "slow", delay_ms: 1500 },
    { platform: "telegram", handle: "walled_off", state: "waf" },
    { platform: "telegram", handle: "busy_channel", state: "ratelimited", retry_after_s: 120 },
    { platform: "mastodon", handle: "acme_proven", verified: true, links: ["https://acmebank.com/"] },
    { platform: "bluesky", handle: "acmebank.com", display_name: "Acme Bank" },
    { platform: "bluesky", handle: "plainname.bsky.social", display_name: "Plain" },
  ]);
});
afterAll(() => world?.stop());

describe("catalogue fixtures against the world's platforms", () => {
  it.each(CATALOGUE_PLATFORMS)(
    "%s: claimed is found with fields, unclaimed is missing",
    async (platform: TSocialPlatform) => {
      const prober = proberFor(world.runtime());
      const { claimed, unclaimed } = CATALOGUE[platform].fixtures;
      const hit = await prober.probe(platform, claimed);
      expect(hit.verdict, JSON.stringify(hit.verdict)).toMatchObject({ status: "found" });
      expect(hit.profile?.display_name).toBe(`Fixture ${platform}`);
      expect(hit.profile?.avatar_url).toMatch(/\/avatars\/.+\.png$/);
      expect(hit.profile?.bio).toContain("Known account");
      if (!["telegram", "reddit", "bluesky"].includes(platform))
        expect(hit.profile?.links.some((l) => l.includes("example.org"))).toBe(true);
      if (!["instagram", "facebook", "threads", "linkedin", "youtube", "telegram"].includes(platform))
        expect(hit.profile?.account_created?.slice(0, 4)).toBe("2015");
      // Telegram writes "1 234 subscribers"; YouTube rounds to three digits ("1.23K subscribers").
      if (platform === "youtube") expect(hit.profile?.followers).toBe(1230);
      else expect(hit.profile?.followers).toBe(1234);
      expect(hit.profile_url.startsWith(world.config().bases[platform].base)).toBe(true);
      const miss = await prober.probe(platform, unclaimed);
      // Threads sends unknown profiles and walled visitors alike to its login: nothing to judge.
      const want =
        platform === "threads" ? { status: "unknown", reason: "login_wall" } : { status: "missing" };
      expect(miss.verdict, JSON.stringify(miss.verdict)).toMatchObject(want);
    },
  );
});

describe("probe outcomes", () => {
  it("suspended accounts are missing with the reason kept (X soft page, TikTok statusMsg)", async () => {
    const prober = proberFor(world.runtime());
    const x = await prober.probe("x", "acmebank_refund");
    expect(x.verdict).toEqual({ status: "missing", detail: "suspended" });
    const tiktok = await prober.probe("tiktok", "acmebank_rewards");
    expect(tiktok.verdict).toEqual({ status: "missing", detail: "suspended" });
  });

  /** A prober on the world whose clock only moves when it is asked to wait: waits are recorded, not slept. */
  function proberWithClock() {
    const rt = world.runtime();
    const c = rt.config;
    let now = 0;
    const waits: number[] = [];
    const prober = createProber({
      bases: c.bases,
      http: rt.http,
      concurrencyPerPlatform: c.concurrencyPerPlatform,
      budgetPerPlatform: c.budgetPerPlatform,
      timeoutMs: c.timeoutMs,
      maxRetryAfterMs: c.maxRetryAfterMs,
      clock: {
        now: () => now,
        sleep: async (ms) => {
          waits.push(ms);
          now += ms;
        },
      },
    });
    return { prober, waits };
  }

  it("429 with a short Retry-After pauses the platform, retries once, then reports unknown", async () => {
    const { prober, waits } = proberWithClock();
    const r = await prober.probe("x", "quick_limit");
    // The platform paused for the whole Retry-After (1 s) before the one retry.
    expect(waits).toEqual([1000]);
    expect(r.attempts).toBe(2);
    expect(r.retry_after_ms).toBe(1000);
    expect(r.elapsed_ms).toBe(1000);
    expect(r.verdict).toMatchObject({ status: "unknown", reason: "rate_limited" });
  });

  it("429 with a long Retry-After is not waited out and is never missing", async () => {
    const { prober, waits } = proberWithClock();
    const r = await prober.probe("github", "long-limit");
    // The Retry-After is two minutes: nothing waited for it.
    expect(waits).toEqual([]);
    expect(r.retry_after_ms).toBe(120_000);
    expect(r.attempts).toBe(1);
    expect(r.verdict.status).toBe("unknown");
    expect(r.verdict.reason).toBe("rate_limited");
  });

  it("a platform that keeps answering 429 is left alone", async () => {
    const rt = world.runtime();
    const prober = createProber({
      ...rt.config,
      bases: rt.config.bases,
      http: rt.http,
      throttleAfter: 2,
      budgetPerPlatform: 50,
      concurrencyPerPlatform: 1,
    });
    await prober.probe("telegram", "busy_channel");
    await prober.probe("telegram", "busy_channel");
    const before = rt.http.requests;
    const r = await prober.probe("telegram", "acmebank");
    expect(rt.http.requests).toBe(before);
    expect(r.verdict).toMatchObject({
      status: "unknown",
      reason: "rate_limited",
      detail: "platform throttled",
    });
  });

  it("a Cloudflare challenge is unknown(waf); LinkedIn's HTTP 999 is unknown(login_wall)", async () => {
    const prober = proberFor(world.runtime());
    const cf = await prober.probe("facebook", "acmebank.helpdesk");
    expect(cf.verdict).toMatchObject({ status: "unknown", reason: "waf" });
    const tg = await prober.probe("telegram", "walled_off");
    expect(tg.verdict).toMatchObject({ status: "unknown", reason: "waf" });
    const li = await prober.probe("linkedin", "acmebank-support");
    expect(li.verdict).toEqual({ status: "unknown", reason: "login_wall", detail: "linkedin 999" });
  });

  it("a slow answer past the timeout is unknown(timeout); within it, found", async () => {
    const short = await proberFor(world.runtime({ SOCIAL_TIMEOUT_MS: "400" })).probe("mastodon", "slowpoke");
    expect(short.verdict).toMatchObject({ status: "unknown", reason: "timeout" });
    const long = await proberFor(world.runtime({ SOCIAL_TIMEOUT_MS: "5000" })).probe("mastodon", "slowpoke");
    expect(long.verdict.status).toBe("found");
  });

  it("links the platform verified as the owner's: Mastodon verified_at fields, a Bluesky domain handle", async () => {
    const prober = proberFor(world.runtime());
    const masto = await prober.probe("mastodon", "acme_proven");
    expect(masto.profile?.verified_links).toEqual(["https://acmebank.com/"]);
    expect(masto.body).toContain('"verified_at"');
    const bsky = await prober.probe("bluesky", "acmebank.com");
    expect(bsky.profile?.verified_links).toEqual(["https://acmebank.com/"]);
    const plain = await prober.probe("bluesky", "plainname.bsky.social");
    expect(plain.profile?.verified_links).toEqual([]);
  });

  it("an invalid handle is never requested", async () => {
    const rt = world.runtime();
    const prober = proberFor(rt);
    const before = rt.http.requests;
    for (const [p, h] of [
      ["x", "way_too_long_for_x_handles"],
      ["telegram", "abc"],
      ["github", "-dash"],
      ["instagram", "a..b"],
    ] as const)
      expect((await prober.probe(p, h)).verdict.status).toBe("invalid");
    expect(rt.http.requests).toBe(before);
  });

  it("the per-platform budget caps requests; the rest are unknown(budget_exhausted)", async () => {
    const rt = world.runtime({ SOCIAL_BUDGET_PER_PLATFORM: "2" });
    const prober = proberFor(rt);
    const rs = await Promise.all(["acmebank", "acrnebank", "acmebank_care"].map((h) => prober.probe("x", h)));
    expect(rs.filter((r) => r.verdict.reason === "budget_exhausted")).toHaveLength(1);
    expect(prober.spent().x).toBe(2);
  });

  it("cancel: an aborted signal stops probing without a verdict", async () => {
    const ac = new AbortController();
    const prober = proberFor(world.runtime({ SOCIAL_TIMEOUT_MS: "5000" }), ac.signal);
    const pending = prober.probe("mastodon", "slowpoke");
    setTimeout(() => ac.abort(), 100);
    const r = await pending;
    expect(r.verdict).toMatchObject({ status: "unknown", reason: "cancelled" });
  });

  it("sends the configured user agent (GitHub refuses requests without one)", async () => {
    const r = await proberFor(world.runtime({ USER_AGENT: "BrandwardenTest/1.0" })).probe(
      "github",
      "acmebank",
    );
    expect(r.verdict.status).toBe("found");
  });
});
