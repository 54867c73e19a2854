import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchResultSchema } from "../scenario/services-schema.ts";
import { startSearch, type RunningSearch } from "./search.ts";

let s: RunningSearch;
beforeAll(async () => {
  const results = [
    { url: "https://acmebank.com/", title: "Acme Bank | Official site", content: "Sign in", match: ["acme"] },
    {
      url: "https://acmebank-verify.com/login",
      title: "Acme Bank Secure Login",
      engine: "bing",
      match: ["acme"],
    },
    { url: "https://example.org/pie", title: "Pie recipe", content: "apple pie" },
  ].map((r) => SearchResultSchema.parse(r));
  s = await startSearch(results, "127.0.10.1", 0, { now: () => Date.UTC(2026, 10, 25, 12) });
});
afterAll(() => s.close());

describe("SearXNG-compatible search", () => {
  it("answers format=json with the SearXNG shape", async () => {
    const res = await fetch(`${s.url}/search?q=${encodeURIComponent("Acme Bank login")}&format=json`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      query: string;
      results: Array<Record<string, unknown>>;
    };
    expect(body.query).toBe("Acme Bank login");
    // The keys of searx/webutils.py get_json_response (SearXNG no longer sends number_of_results).
    expect(Object.keys(body).sort()).toEqual(
      [
        "answers",
        "corrections",
        "infoboxes",
        "query",
        "results",
        "suggestions",
        "unresponsive_engines",
      ].sort(),
    );
    expect(body.results).toHaveLength(2);
    for (const r of body.results) {
      expect(typeof r.url).toBe("string");
      expect(typeof r.title).toBe("string");
      expect(typeof r.content).toBe("string");
      expect(typeof r.engine).toBe("string");
    }
    expect(body.results[1]).toMatchObject({
      url: "https://acmebank-verify.com/login",
      engine: "bing",
      engines: ["bing"],
    });
  });
  it("matches unlabelled results by query words and supports POST forms", async () => {
    const res = await fetch(`${s.url}/search`, {
      method: "POST",
      body: new URLSearchParams({ q: "apple pie", format: "json" }),
    });
    const body = (await res.json()) as { results: Array<{ url: string }> };
    expect(body.results.map((r) => r.url)).toEqual(["https://example.org/pie"]);
  });
  it("returns no results for unrelated queries and 403 for disabled formats", async () => {
    const body = (await (await fetch(`${s.url}/search?q=zebra&format=json`)).json()) as {
      results: unknown[];
    };
    expect(body.results).toEqual([]);
    const rss = await fetch(`${s.url}/search?q=acme&format=rss`);
    expect(rss.status).toBe(403);
    expect(await rss.text()).toContain("<title>403 Forbidden</title>");
    const empty = await fetch(`${s.url}/search?q=&format=json`);
    expect([empty.status, await empty.json()]).toEqual([400, { error: "No query" }]);
  });
  it("pages results", async () => {
    const body = (await (await fetch(`${s.url}/search?q=acme&format=json&pageno=2`)).json()) as {
      results: unknown[];
    };
    expect(body.results).toEqual([]);
  });
  it("SearXNG's limiter and blocked engines, as SearXNG answers them", async () => {
    s.setFaults({ searxng_captcha: ["bing"] });
    const body = (await (await fetch(`${s.url}/search?q=acme&format=json`)).json()) as {
      results: Array<{ engine: string }>;
      unresponsive_engines: unknown[];
    };
    expect(body.results.map((r) => r.engine)).not.toContain("bing");
    expect(body.unresponsive_engines).toEqual([["bing", "CAPTCHA"]]);
    s.setFaults({ searxng_limited: true });
    const limited = await fetch(`${s.url}/search?q=acme&format=json`);
    expect([limited.status, limited.headers.get("retry-after"), await limited.text()]).toEqual([
      429,
      null,
      "Too Many Requests",
    ]);
    s.setFaults({});
  });

  it("Brave Search API: the token, the web results, the rate-limit headers and the 429 body", async () => {
    const ask = (key: string) =>
      fetch(`${s.brave.url}?q=${encodeURIComponent("acme bank")}&count=20`, {
        headers: { "x-subscription-token": key },
      });
    const refused = await ask("nope");
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      "SUBSCRIPTION_TOKEN_INVALID",
    );
    s.setFaults({});
    const ok = await ask(s.brave.key);
    expect(ok.headers.get("x-ratelimit-limit")).toBe("1, 2000");
    expect(ok.headers.get("x-ratelimit-remaining")).toMatch(/^0, 1999$/);
    const body = (await ok.json()) as {
      type: string;
      web: { results: Array<{ url: string; meta_url: { hostname: string } }> };
    };
    expect(body.type).toBe("search");
    expect(body.web.results[0]!.meta_url.hostname).toBe("acmebank.com");
    const again = await ask(s.brave.key); // the same second on the world's clock
    expect(again.status).toBe(429);
    const err = (await again.json()) as {
      type: string;
      error: { code: string; meta: { component: string } };
    };
    expect([err.type, err.error.code, err.error.meta.component]).toEqual([
      "ErrorResponse",
      "RATE_LIMITED",
      "rate_limiter",
    ]);
  });
});
