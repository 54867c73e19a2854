import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchResultSchema } from "../scenario/services-schema.ts";
import type { Listening } from "./http.ts";
import { startSearch } from "./search.ts";

let s: Listening;
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
  s = await startSearch(results, "127.0.10.1", 0);
});
afterAll(() => s.close());

describe("SearXNG-compatible search", () => {
  it("answers format=json with the SearXNG shape", async () => {
    const res = await fetch(`${s.url}/search?q=${encodeURIComponent("Acme Bank login")}&format=json`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      query: string;
      number_of_results: number;
      results: Array<Record<string, unknown>>;
    };
    expect(body.query).toBe("Acme Bank login");
    expect(body.number_of_results).toBe(2);
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
      number_of_results: number;
    };
    expect(body.number_of_results).toBe(0);
    expect((await fetch(`${s.url}/search?q=acme&format=rss`)).status).toBe(403);
  });
  it("pages results", async () => {
    const body = (await (await fetch(`${s.url}/search?q=acme&format=json&pageno=2`)).json()) as {
      results: unknown[];
    };
    expect(body.results).toEqual([]);
  });
});
