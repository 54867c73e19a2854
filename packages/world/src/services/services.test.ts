import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServicesScenarioSchema } from "../scenario/services-schema.ts";
import { fitHandle, generateServicesScenario, homoglyph } from "../scenario/generate-services.ts";
import { seededRng } from "./http.ts";
import { startServices } from "./start-services.ts";
import type { RunningServices } from "./start-services.ts";

const ctx = () => ({
  brand: "Acme Bank",
  domain: "acmebank.com",
  lookalikeDomains: ["acmebank.co", "acrnebank.com"],
  phishingDomains: ["acmebank-verify.com", "secure-acmebank.net", "acmebank-login.top"],
  rng: seededRng("services-test"),
});

describe("generateServicesScenario", () => {
  const sc = generateServicesScenario(ctx());
  it("is deterministic for a given rng and valid against the schema", () => {
    expect(generateServicesScenario(ctx())).toEqual(sc);
    expect(ServicesScenarioSchema.parse(sc)).toEqual(sc);
    expect(ServicesScenarioSchema.parse({})).toMatchObject({
      social: [],
      search: [],
      feeds: { entries: [] },
    });
  });
  it("plants official accounts on every platform and clear impersonators", () => {
    const official = sc.social.filter((p) => p.kind === "official");
    expect(official).toHaveLength(12);
    expect(official.find((p) => p.platform === "bluesky")!.handle).toBe("acmebank.com");
    const imp = sc.social.filter((p) => p.kind === "impersonator" && p.state === "existing");
    expect(imp.length).toBeGreaterThanOrEqual(10);
    expect(imp.map((p) => p.handle)).toEqual(
      expect.arrayContaining(["acmebank.help", "acrnebank", "acmebank_care"]),
    );
    for (const p of imp) {
      expect(p.display_name).toContain("Acme Bank");
      expect(p.avatar.style).toBe("logo");
      expect(p.avatar.noise).toBeGreaterThan(0);
      expect(p.links.some((l) => ctx().phishingDomains.some((d) => l.includes(d)))).toBe(true);
    }
  });
  it("plants fans, parodies, namesakes and every failure state", () => {
    const kinds = new Set(sc.social.map((p) => p.kind));
    expect([...kinds].sort()).toEqual(["fan", "impersonator", "namesake", "official", "parody"]);
    expect(
      sc.social
        .filter((p) => p.kind === "fan" || p.kind === "parody")
        .every((p) => /not affiliated/i.test(p.bio)),
    ).toBe(true);
    expect(new Set(sc.social.map((p) => p.state))).toEqual(
      new Set(["existing", "suspended", "ratelimited", "waf", "slow"]),
    );
  });
  it("lists phishing domains in feeds and brand results in search", () => {
    const urls = sc.feeds.entries.map((e) => e.url).join(" ");
    for (const d of ctx().phishingDomains) expect(urls).toContain(d);
    expect(sc.search.some((r) => r.social?.handle === "acrnebank")).toBe(true);
    expect(sc.search.some((r) => r.url.includes("acrnebank.com"))).toBe(true);
    expect(sc.llm.api_key).toMatch(/^sk-world-/);
  });
  it("keeps handles legal per platform", () => {
    expect(fitHandle("x", "acmebank_support_team")).toHaveLength(15);
    expect(fitHandle("github", "acme_bank")).toBe("acme-bank");
    expect(fitHandle("bluesky", "acme")).toBe("acme.bsky.social");
    expect(homoglyph("acmebank")).toBe("acrnebank");
  });
});

describe("startServices", () => {
  let s: RunningServices;
  beforeAll(async () => {
    s = await startServices(generateServicesScenario(ctx()));
  });
  afterAll(() => s.stop());

  it("publishes every documented env variable on 127.0.10.1", () => {
    const names = [
      ...[
        "X",
        "INSTAGRAM",
        "FACEBOOK",
        "TIKTOK",
        "LINKEDIN",
        "YOUTUBE",
        "GITHUB",
        "REDDIT",
        "TELEGRAM",
        "THREADS",
        "MASTODON",
        "BLUESKY",
      ].map((p) => `SOCIAL_${p}_BASE_URL`),
      "SOCIAL_X_API_URL",
      "SOCIAL_GITHUB_API_URL",
      "SOCIAL_YOUTUBE_API_URL",
      "SOCIAL_BLUESKY_API_URL",
      "SEARCH_URL",
      "FEED_URLHAUS_URL",
      "FEED_OPENPHISH_URL",
      "FEED_PHISHTANK_URL",
      "LLM_OPENAI_BASE_URL",
      "LLM_ANTHROPIC_BASE_URL",
      "LLM_API_KEY",
      "SMTP_URL",
      "WEBHOOK_RECEIVER_URL",
    ];
    // Every service is announced with its loopback address (the API key is the one non-URL).
    for (const n of names.filter((x) => x !== "LLM_API_KEY"))
      expect(new URL(s.env[n]!).hostname, n).toMatch(/^127\.0\.10\.\d+$/);
    expect(s.env.LLM_API_KEY).toMatch(/^\S{8,}$/);
    expect(s.env.SMTP_URL).toMatch(/^smtp:\/\/127\.0\.10\.1:\d+$/);
    expect(new URL(s.env.SEARCH_URL!).hostname).toBe("127.0.10.1");
  });

  it("search results link to the running platforms' profile pages", async () => {
    const all: Array<{ url: string }> = [];
    for (let pageno = 1; pageno < 10; pageno++) {
      const res = await fetch(
        `${s.env.SEARCH_URL}/search?q=${encodeURIComponent("acme bank")}&format=json&pageno=${pageno}`,
      );
      const body = (await res.json()) as { results: Array<{ url: string }> };
      if (body.results.length === 0) break;
      all.push(...body.results);
    }
    const hit = all.find((r) => r.url === `${s.env.SOCIAL_X_BASE_URL}/acrnebank`);
    expect(hit).toBeDefined();
    const page = await fetch(hit!.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(ctx().phishingDomains.some((d) => html.includes(`https://${d}/`))).toBe(true);
  });

  it("official and impersonator avatars are both served as PNG", async () => {
    const api = `${s.env.SOCIAL_GITHUB_API_URL}/users`;
    for (const login of ["acmebank", "acmebank-security"]) {
      const u = (await (await fetch(`${api}/${login}`)).json()) as { avatar_url: string };
      const png = PNG.sync.read(Buffer.from(await (await fetch(u.avatar_url)).arrayBuffer()));
      expect(png.width).toBe(128);
    }
  });

  it("the LLM requires the generated key", async () => {
    const ask = (key: string) =>
      fetch(`${s.env.LLM_OPENAI_BASE_URL}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        body: JSON.stringify({ messages: [{ role: "user", content: "hi" }] }),
      });
    expect((await ask("wrong")).status).toBe(401);
    expect((await ask(s.env.LLM_API_KEY!)).status).toBe(200);
  });

  it("the webhook receiver and SMTP sink are reachable through the handles", async () => {
    await fetch(s.env.WEBHOOK_RECEIVER_URL!, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(s.webhookReceiver.requests().at(-1)?.path).toBe("/hooks/brandwarden");
    expect(s.smtpSink.url).toBe(s.env.SMTP_URL);
    expect((await fetch(s.urls.smtp_messages!)).status).toBe(200);
  });

  it("fixed base ports are honoured", async () => {
    const fixed = await startServices(
      { ...generateServicesScenario(ctx()), social: [] },
      { basePort: 47300 },
    );
    try {
      expect(fixed.env.SOCIAL_X_BASE_URL).toBe("http://127.0.10.1:47300");
      expect(fixed.env.SEARCH_URL).toBe("http://127.0.10.1:47312");
      expect(fixed.env.WEBHOOK_RECEIVER_URL).toBe("http://127.0.10.1:47317/hooks/brandwarden");
      expect(fixed.urls.slack).toBe("http://127.0.10.1:47318");
      expect(fixed.teams.createWorkflow()).toMatch(/^http:\/\/127\.0\.10\.1:47319\/workflows\//);
    } finally {
      await fixed.stop();
    }
  });
});
