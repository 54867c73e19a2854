import { readFileSync } from "node:fs";
import { z } from "zod";
import { SearchResultSchema } from "@brandwarden/world/scenario/services-schema";
import { startSearch, type RunningSearch } from "@brandwarden/world/services/search";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { discoverBySearch } from "./search-discovery.ts";
import { SOCIAL_ENV_FIELDS, toSocialConfig } from "./social-config.ts";
import { createSocialHttp, type SocialHttp } from "./social-http.ts";

// The search client against the world's SearXNG and Brave Search API, which answer with the real
// services' refusals (packages/world/src/services/search.ts), and against a real captured Brave 429.

const bases = toSocialConfig(z.object(SOCIAL_ENV_FIELDS).parse({}), {
  userAgent: "test",
  allowPrivateNetwork: true,
}).bases;
const QUERIES = ["Acme Bank", "Acme Bank support", "Acme Bank official"];

let search: RunningSearch;
let http: SocialHttp;
let clock = Date.UTC(2026, 10, 25, 12, 0, 0);
const slept: number[] = [];
const sleep = async (ms: number) => {
  slept.push(ms);
  clock += ms;
};

beforeAll(async () => {
  const results = [
    {
      url: "https://x.com/acmebank_help",
      title: "Acme Bank Help (@acmebank_help)",
      engine: "google",
      match: ["acme"],
    },
    {
      url: "https://www.instagram.com/acmebank.support/",
      title: "acmebank.support",
      engine: "bing",
      match: ["acme"],
    },
  ].map((r) => SearchResultSchema.parse(r));
  search = await startSearch(results, "127.0.0.1", 0, { now: () => clock });
  http = createSocialHttp({ allowPrivateNetwork: true, userAgent: "test", timeoutMs: 5000 });
});
afterAll(async () => {
  await http?.close();
  await search?.close();
});
beforeEach(() => {
  slept.length = 0;
  search.setFaults({});
});

const run = (o: { searxng?: boolean; brave?: { key: string; url: string } | null }) =>
  discoverBySearch({
    http,
    bases,
    searchUrl: o.searxng ? search.url : null,
    brave: o.brave ?? null,
    queries: QUERIES,
    sleep,
  });

describe("search discovery as the real services answer", () => {
  it("paces Brave to the free plan's 1 request a second, from its rate-limit headers", async () => {
    const out = await run({ brave: search.brave });
    expect(out.errors).toEqual([]);
    expect(out.hits.map((h) => `${h.platform}:${h.handle}`).sort()).toEqual([
      "instagram:acmebank.support",
      "x:acmebank_help",
    ]);
    expect(out.requests).toBe(3);
    expect(slept.every((ms) => ms === 1000)).toBe(true);
  });

  it("stops asking Brave once the monthly quota is spent, instead of spending a request per query", async () => {
    search.setFaults({ brave_per_month: 1 });
    const out = await run({ brave: search.brave });
    expect(out.requests).toBe(2);
    expect(out.errors).toEqual([
      "brave: monthly quota spent (RATE_LIMITED); no more Brave requests this run",
    ]);
    expect(out.hits).toHaveLength(2);
  });

  it("stops asking Brave when the token is refused, naming the code", async () => {
    const out = await run({ brave: { ...search.brave, key: "wrong" } });
    expect(out.requests).toBe(1);
    expect(out.errors[0]).toMatch(/SUBSCRIPTION_TOKEN_INVALID/);
  });

  it("stops asking SearXNG once its limiter refuses (429 without Retry-After)", async () => {
    search.setFaults({ searxng_limited: true });
    const out = await run({ searxng: true });
    expect(out.requests).toBe(1);
    expect(out.errors).toEqual([
      "searxng: rate limited by the instance's limiter (429); no more SearXNG requests this run",
    ]);
  });

  it("says why when the instance does not serve JSON (403)", async () => {
    search.setFaults({ searxng_json_disabled: true });
    const out = await run({ searxng: true });
    expect(out.requests).toBe(1);
    expect(out.errors[0]).toMatch(/does not serve format=json \(403\)/);
  });

  it("reports engines SearXNG names as unresponsive instead of reading their silence as no results", async () => {
    search.setFaults({ searxng_captcha: ["google"] });
    const out = await run({ searxng: true });
    expect(out.errors).toContain('searxng "Acme Bank" p1: engines unresponsive: google (CAPTCHA)');
    expect(out.hits.map((h) => h.platform)).toEqual(["instagram"]);
  });

  it("waits out the per-second window of a real captured Brave 429, then reads the retry", async () => {
    const captured = readFileSync(
      new URL("../../../samples/search/brave-429-rate-limited.json", import.meta.url),
      "utf8",
    );
    let calls = 0;
    const fake: SocialHttp = {
      requests: 0,
      close: async () => undefined,
      request: async (url) => {
        calls++;
        if (calls === 1)
          return {
            url,
            status: 429,
            headers: { "x-ratelimit-remaining": "0, 1985", "x-ratelimit-reset": "1, 1419200" },
            body: Buffer.from(captured),
          };
        return {
          url,
          status: 200,
          headers: { "x-ratelimit-remaining": "1, 1984", "x-ratelimit-reset": "1, 1419199" },
          body: Buffer.from(
            JSON.stringify({ type: "search", web: { results: [{ url: "https://x.com/acme_real" }] } }),
          ),
        };
      },
    };
    const out = await discoverBySearch({
      http: fake,
      bases,
      searchUrl: null,
      brave: { key: "k", url: "https://api.search.brave.com/res/v1/web/search" },
      queries: ["Acme"],
      sleep,
    });
    expect(slept).toEqual([1000]);
    expect(out.errors).toEqual([]);
    expect(out.hits.map((h) => h.handle)).toEqual(["acme_real"]);
  });
});
