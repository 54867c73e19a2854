import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform, SocialProfile } from "../../scenario/services-schema.ts";
import { PLATFORMS, SocialProfileSchema } from "../../scenario/services-schema.ts";
import { startPlatform } from "./server.ts";
import type { RunningPlatform } from "./server.ts";

// Every platform against real HTTP: one profile per state plus an unknown handle, probed
// through the page and, where the platform has one, its public API.

const HOST = "127.0.10.1";
const SLOW_MS = 600;
const h = (platform: Platform, name: string) => (platform === "bluesky" ? `${name}.bsky.social` : name);

function fixture(platform: Platform): SocialProfile[] {
  const base = { platform, bio: "Fixture bio. DM us.", links: ["https://fixture.example/"], followers: 1234 };
  return [
    {
      ...base,
      handle: h(platform, "alive"),
      display_name: "Alive Person",
      state: "existing" as const,
      verified: true,
    },
    { ...base, handle: h(platform, "gone"), display_name: "Gone Person", state: "suspended" as const },
    {
      ...base,
      handle: h(platform, "busy"),
      display_name: "Busy",
      state: "ratelimited" as const,
      retry_after_s: 30,
    },
    { ...base, handle: h(platform, "shield"), display_name: "Shield", state: "waf" as const },
    {
      ...base,
      handle: h(platform, "sleepy"),
      display_name: "Sleepy Person",
      state: "slow" as const,
      delay_ms: SLOW_MS,
    },
  ].map((p) => SocialProfileSchema.parse(p));
}

interface Expect {
  status: number;
  marker?: string;
}
interface PageSpec {
  path: (handle: string) => string;
  exists: Expect;
  missing: Expect;
  suspended: Expect;
  waf?: Expect;
}

const PAGES: Record<Platform, PageSpec> = {
  x: {
    path: (x) => `/${x}`,
    exists: { status: 200, marker: "UserProfileSchema-test" },
    missing: { status: 200, marker: "This account doesn’t exist" },
    suspended: { status: 200, marker: "Account suspended" },
  },
  instagram: {
    path: (x) => `/${x}/`,
    exists: { status: 200, marker: "Posts - See Instagram photos" },
    missing: { status: 200, marker: "Sorry, this page isn't available." },
    suspended: { status: 200, marker: '"routePath":null' },
  },
  facebook: {
    path: (x) => `/${x}`,
    exists: { status: 200, marker: "__isProfile" },
    missing: { status: 200, marker: "<title>Facebook</title>" },
    suspended: { status: 200, marker: "isn't available right now" },
  },
  tiktok: {
    path: (x) => `/@${x}`,
    exists: { status: 200, marker: '"statusCode":0' },
    missing: { status: 200, marker: '"statusCode":10221' },
    suspended: { status: 200, marker: "Couldn't find this account" },
  },
  linkedin: {
    path: (x) => `/in/${x}`,
    exists: { status: 200, marker: "| LinkedIn</title>" },
    missing: { status: 404 },
    suspended: { status: 404 },
    waf: { status: 999, marker: "authwall" },
  },
  youtube: {
    path: (x) => `/@${x}`,
    exists: { status: 200, marker: "canonicalBaseUrl" },
    missing: { status: 404 },
    suspended: { status: 200, marker: "terminated" },
  },
  github: {
    path: (x) => `/${x}`,
    exists: { status: 200, marker: 'itemprop="additionalName"' },
    missing: { status: 404 },
    suspended: { status: 404 },
  },
  reddit: {
    path: (x) => `/user/${x}`,
    exists: { status: 200, marker: "karma" },
    missing: { status: 404, marker: "nobody on Reddit goes by that name" },
    suspended: { status: 200, marker: "suspended" },
  },
  telegram: {
    path: (x) => `/${x}`,
    exists: { status: 200, marker: "tgme_page_title" },
    missing: { status: 200, marker: "noindex, nofollow" },
    suspended: { status: 200, marker: "noindex, nofollow" },
  },
  threads: {
    path: (x) => `/@${x}`,
    exists: { status: 200, marker: 'content="profile"' },
    missing: { status: 302 },
    suspended: { status: 302 },
  },
  mastodon: {
    path: (x) => `/@${x}`,
    exists: { status: 200, marker: "account__header__content" },
    missing: { status: 404 },
    suspended: { status: 410 },
  },
  bluesky: {
    path: (x) => `/profile/${x}`,
    exists: { status: 200, marker: "bsky_did" },
    missing: { status: 200, marker: "<title>Bluesky</title>" },
    suspended: { status: 200, marker: "<title>Bluesky</title>" },
  },
};

interface ApiSpec {
  url: (handle: string) => string;
  headers?: Record<string, string>;
  exists: (status: number, body: string) => boolean;
  missing: (status: number, body: string) => boolean;
}

const json = (b: string) => JSON.parse(b) as Record<string, unknown>;
const APIS: Partial<Record<Platform, ApiSpec[]>> = {
  x: [
    {
      url: (x) => `/i/users/username_available.json?username=${x}`,
      exists: (s, b) => s === 200 && json(b).reason === "taken",
      missing: (s, b) => s === 200 && json(b).reason === "available",
    },
    {
      url: (x) => `/2/users/by/username/${x}`,
      headers: { authorization: "Bearer t" },
      exists: (s, b) => s === 200 && "data" in json(b),
      missing: (s, b) => s === 200 && "errors" in json(b),
    },
  ],
  instagram: [
    {
      url: (x) => `/api/v1/users/web_profile_info/?username=${x}`,
      headers: { "x-ig-app-id": "936619743392459" },
      exists: (s, b) => s === 200 && b.includes('"biography"'),
      missing: (s) => s === 404,
    },
  ],
  tiktok: [
    {
      url: (x) => `/oembed?url=${encodeURIComponent(`https://www.tiktok.com/@${x}`)}`,
      exists: (s, b) => s === 200 && b.includes("author_url"),
      missing: (s) => s === 400,
    },
  ],
  youtube: [
    {
      url: (x) => `/youtube/v3/channels?part=snippet,statistics&forHandle=@${x}&key=k`,
      exists: (s, b) => s === 200 && Array.isArray(json(b).items),
      missing: (s, b) => s === 200 && !("items" in json(b)),
    },
  ],
  github: [
    {
      url: (x) => `/users/${x}`,
      exists: (s, b) => s === 200 && json(b).login !== undefined,
      missing: (s, b) => s === 404 && json(b).message === "Not Found",
    },
  ],
  reddit: [
    {
      url: (x) => `/user/${x}/about.json`,
      exists: (s, b) => s === 200 && json(b).kind === "t2",
      missing: (s, b) => s === 404 && json(b).error === 404,
    },
  ],
  mastodon: [
    {
      url: (x) => `/api/v1/accounts/lookup?acct=${x}`,
      exists: (s, b) => s === 200 && json(b).username === "alive",
      missing: (s, b) => s === 404 && json(b).error === "Record not found",
    },
    {
      url: (x) => `/.well-known/webfinger?resource=acct:${x}@${HOST}`,
      exists: (s, b) => s === 200 && String(json(b).subject).startsWith("acct:alive@"),
      missing: (s) => s === 404,
    },
  ],
  bluesky: [
    {
      url: (x) => `/xrpc/app.bsky.actor.getProfile?actor=${x}`,
      exists: (s, b) => s === 200 && String(json(b).did).startsWith("did:plc:"),
      missing: (s, b) => s === 400 && json(b).message === "Profile not found",
    },
  ],
};

const servers = {} as Record<Platform, RunningPlatform>;
beforeAll(async () => {
  await Promise.all(PLATFORMS.map(async (p) => (servers[p] = await startPlatform(p, fixture(p), HOST, 0))));
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
});

async function get(platform: Platform, path: string, init: RequestInit = {}) {
  const res = await fetch(servers[platform].url + path, { redirect: "manual", ...init });
  return { res, body: await res.text() };
}

function check(got: { res: Response; body: string }, want: Expect) {
  expect(got.res.status).toBe(want.status);
  if (want.marker) expect(got.body).toContain(want.marker);
}

describe.each(PLATFORMS)("%s", (platform) => {
  const spec = PAGES[platform];
  it("serves an existing profile page with its display name", async () => {
    const got = await get(platform, spec.path(h(platform, "alive")));
    check(got, spec.exists);
    expect(got.body).toContain("Alive Person");
  });
  it("treats a missing profile the platform's way", async () => {
    check(await get(platform, spec.path(h(platform, "nobody_here_42"))), spec.missing);
  });
  it("shows suspended profiles", async () => {
    check(await get(platform, spec.path(h(platform, "gone"))), spec.suspended);
  });
  it("rate-limits with 429 and Retry-After", async () => {
    const got = await get(platform, spec.path(h(platform, "busy")));
    expect(got.res.status).toBe(429);
    expect(got.res.headers.get("retry-after")).toBe("30");
  });
  it("blocks with a WAF page", async () => {
    const got = await get(platform, spec.path(h(platform, "shield")));
    if (spec.waf) return check(got, spec.waf);
    expect(got.res.status).toBe(403);
    expect(got.body).toContain("<title>Just a moment...</title>");
    expect(got.res.headers.get("cf-mitigated")).toBe("challenge");
  });
  it("answers slow profiles late, so client timeouts fire", async () => {
    // Asked first, answered after a profile asked later.
    const order: string[] = [];
    const slow = get(platform, spec.path(h(platform, "sleepy"))).then((r) => (order.push("sleepy"), r));
    await get(platform, spec.path(h(platform, "alive"))).then(() => order.push("alive"));
    const got = await slow;
    expect(order).toEqual(["alive", "sleepy"]);
    check(got, spec.exists);
    await expect(
      fetch(servers[platform].url + spec.path(h(platform, "sleepy")), { signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow();
  });
  it("serves a decodable PNG avatar", async () => {
    const res = await fetch(`${servers[platform].url}/avatars/${h(platform, "alive")}.png`);
    expect(res.headers.get("content-type")).toBe("image/png");
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect(png.width).toBe(128);
  });
  for (const [i, api] of (APIS[platform] ?? []).entries()) {
    it(`API #${i + 1}: existing, missing, rate-limited`, async () => {
      const init = { headers: api.headers ?? {} };
      const alive = await get(platform, api.url(h(platform, "alive")), init);
      expect(api.exists(alive.res.status, alive.body), alive.body).toBe(true);
      const missing = await get(platform, api.url(h(platform, "nobody_here_42")), init);
      expect(api.missing(missing.res.status, missing.body), missing.body).toBe(true);
      const busy = await get(platform, api.url(h(platform, "busy")), init);
      expect(busy.res.status).toBe(429);
      expect(busy.res.headers.get("retry-after")).toBe("30");
    });
  }
});

describe("platform API details", () => {
  it("GitHub API returns the REST user shape and rejects requests without User-Agent via real clients' defaults", async () => {
    const { body } = await get("github", "/users/ALIVE");
    const u = json(body);
    expect(u).toMatchObject({
      login: "alive",
      name: "Alive Person",
      followers: 1234,
      blog: "https://fixture.example/",
    });
    expect(String(u.created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(String(u.avatar_url)).toContain("/avatars/alive.png");
  });
  it("GitHub hides suspended users from the API", async () => {
    expect((await get("github", "/users/gone")).res.status).toBe(404);
  });
  it("Bluesky reports takedowns and searches actors", async () => {
    const gone = json((await get("bluesky", "/xrpc/app.bsky.actor.getProfile?actor=gone.bsky.social")).body);
    expect(gone.error).toBe("AccountTakedown");
    const found = json((await get("bluesky", "/xrpc/app.bsky.actor.searchActors?q=alive")).body);
    expect((found.actors as Array<{ handle: string }>).map((a) => a.handle)).toEqual(["alive.bsky.social"]);
    const byDid = await get(
      "bluesky",
      "/xrpc/app.bsky.actor.getProfile?actor=" + String((found.actors as Array<{ did: string }>)[0]!.did),
    );
    expect(json(byDid.body).handle).toBe("alive.bsky.social");
    expect(json(byDid.body).verification).toMatchObject({ verifiedStatus: "valid" });
  });
  it("Mastodon marks suspended accounts and verified links", async () => {
    const gone = json((await get("mastodon", "/api/v1/accounts/lookup?acct=gone")).body);
    expect(gone.suspended).toBe(true);
    const alive = json((await get("mastodon", "/api/v1/accounts/lookup?acct=@alive@elsewhere.social")).body);
    expect((alive.fields as Array<{ verified_at: string | null }>)[0]!.verified_at).not.toBeNull();
  });
  it("Reddit about.json flags suspended accounts", async () => {
    const gone = json((await get("reddit", "/user/gone/about.json")).body);
    expect((gone.data as { is_suspended: boolean }).is_suspended).toBe(true);
  });
  it("Instagram API refuses callers without the app id", async () => {
    expect((await get("instagram", "/api/v1/users/web_profile_info/?username=alive")).res.status).toBe(400);
  });
  it("Threads sends unknown profiles to the login wall", async () => {
    const res = await fetch(servers.threads.url + "/@nobody_here_42");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Threads • Log in");
  });
  it("YouTube API requires a key", async () => {
    expect((await get("youtube", "/youtube/v3/channels?forHandle=@alive")).res.status).toBe(403);
  });
  it("profile lookups are case-insensitive", async () => {
    expect((await get("x", "/ALIVE")).body).toContain("Alive Person");
  });
  it("env names the base and API URLs", () => {
    expect(servers.github.env).toEqual({
      SOCIAL_GITHUB_BASE_URL: servers.github.url,
      SOCIAL_GITHUB_API_URL: servers.github.url,
    });
    expect(servers.youtube.env.SOCIAL_YOUTUBE_API_URL).toBe(`${servers.youtube.url}/youtube/v3`);
    expect(servers.telegram.env).toEqual({ SOCIAL_TELEGRAM_BASE_URL: servers.telegram.url });
  });
});

describe("real shapes: serialization, rate-limit headers and limits", () => {
  it("GitHub pretty-prints the user and sends x-ratelimit-* that count down", async () => {
    const a = await get("github", "/users/alive");
    expect(a.body).toMatch(/^\{\n {2}"login": "alive",\n/);
    expect(a.res.headers.get("x-ratelimit-limit")).toBe("60");
    expect(a.res.headers.get("x-ratelimit-resource")).toBe("core");
    expect(Number(a.res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
    const b = await get("github", "/users/alive");
    expect(Number(b.res.headers.get("x-ratelimit-remaining"))).toBe(
      Number(a.res.headers.get("x-ratelimit-remaining")) - 1,
    );
  });
  it("GitHub gives a token 5,000 an hour", async () => {
    const r = await get("github", "/users/alive", { headers: { authorization: "Bearer ghp_x" } });
    expect(r.res.headers.get("x-ratelimit-limit")).toBe("5000");
  });
  it("Reddit writes JSON with spaces after the separators and sends x-ratelimit-used/-remaining/-reset", async () => {
    const r = await get("reddit", "/user/alive/about.json");
    expect(r.body.startsWith('{"kind": "t2", "data": {')).toBe(true);
    expect(r.res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+\.0$/);
    expect(r.res.headers.get("x-ratelimit-used")).toMatch(/^\d+$/);
    expect(Number(r.res.headers.get("x-ratelimit-reset"))).toBeLessThanOrEqual(600);
  });
  it("Mastodon's X-RateLimit-Reset is an ISO time; Bluesky sends ratelimit-* with its policy", async () => {
    const m = await get("mastodon", "/api/v1/accounts/lookup?acct=alive");
    expect(m.res.headers.get("x-ratelimit-limit")).toBe("300");
    expect(Number.isNaN(Date.parse(m.res.headers.get("x-ratelimit-reset") ?? ""))).toBe(false);
    const b = await get("bluesky", "/xrpc/app.bsky.actor.getProfile?actor=alive.bsky.social");
    expect(b.res.headers.get("ratelimit-limit")).toBe("3000");
    expect(b.res.headers.get("ratelimit-policy")).toBe("3000;w=300");
  });
  it("Instagram's API escapes slashes in URLs, as Meta's servers do", async () => {
    const r = await get("instagram", "/api/v1/users/web_profile_info/?username=alive", {
      headers: { "x-ig-app-id": "936619743392459" },
    });
    expect(r.body).toContain('"external_url":"https:\\/\\/fixture.example\\/"');
    expect(json(r.body)).toMatchObject({ data: { user: { external_url: "https://fixture.example/" } } });
  });
  it("Telegram groups thousands with spaces and marks names dir=auto", async () => {
    const r = await get("telegram", "/alive");
    expect(r.body).toContain('<div class="tgme_page_title" dir="auto"><span dir="auto">Alive Person</span>');
    expect(r.body).toContain("1 234 subscribers");
  });
  it("GitHub refuses the 61st logged-out request of the hour with 403 and remaining 0", async () => {
    let last = await get("github", "/users/alive");
    for (let i = 0; i < 70 && last.res.status !== 403; i++) last = await get("github", "/users/alive");
    expect(last.res.status).toBe(403);
    expect(last.res.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(json(last.body).message).toMatch(/^API rate limit exceeded for /);
  });
});

describe("login walls (scenario social_login_walls)", () => {
  const walled = {} as Record<"linkedin" | "instagram" | "x" | "facebook", RunningPlatform>;
  beforeAll(async () => {
    for (const p of ["linkedin", "instagram", "x", "facebook"] as const)
      walled[p] = await startPlatform(p, fixture(p), HOST, 0, { loginWall: true });
  });
  afterAll(async () => {
    await Promise.all(Object.values(walled).map((s) => s.close()));
  });
  const at = (p: keyof typeof walled, path: string, init: RequestInit = {}) =>
    fetch(walled[p].url + path, { redirect: "manual", ...init });

  it("LinkedIn answers 999 to every logged-out profile request", async () => {
    expect((await at("linkedin", "/in/alive")).status).toBe(999);
  });
  it("Instagram and Facebook redirect to their login with the page as next", async () => {
    const ig = await at("instagram", "/api/v1/users/web_profile_info/?username=alive", {
      headers: { "x-ig-app-id": "936619743392459" },
    });
    expect(ig.status).toBe(302);
    expect(ig.headers.get("location")).toMatch(/^\/accounts\/login\/\?next=/);
    const fb = await at("facebook", "/alive");
    expect(fb.headers.get("location")).toMatch(/^\/login\/\?next=%2Falive/);
  });
  it("X serves its JavaScript shell: no profile data at all", async () => {
    const r = await at("x", "/alive");
    const body = await r.text();
    expect(r.status).toBe(200);
    expect(body).toContain('<div id="react-root"');
    expect(body).not.toContain("Alive Person");
    expect(body).not.toContain("og:title");
  });
});
