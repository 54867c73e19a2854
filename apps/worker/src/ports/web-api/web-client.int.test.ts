import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { startTestWeb, TEST_TOKEN, type TestWeb } from "@brandwarden/web/test/harness";
import { createWebClient, WebApiError } from "./web-client.ts";

describe("web client against a real web app (PGlite)", () => {
  let web: TestWeb;
  let baseUrl: string;
  beforeAll(async () => {
    web = await startTestWeb("pglite");
    baseUrl = await web.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => web?.close());

  it("reads the defaults, stores a weight set and reads it back", async () => {
    const client = createWebClient({ baseUrl, token: TEST_TOKEN });
    expect(await client.getWeights()).toEqual({
      version: 0,
      weights: DEFAULT_DOMAIN_WEIGHTS,
      source: "manual",
      sample_size: 0,
      user_id: null,
    });
    const stored = await client.putWeights({ weights: { login_form: 18 }, sample_size: 12 });
    expect(stored).toEqual({
      version: 1,
      weights: { login_form: 18 },
      source: "learned",
      sample_size: 12,
      user_id: null,
    });
    expect((await client.getWeights()).version).toBe(1);
    expect(await client.getFeedbackSamples()).toEqual([]);
    expect(await client.getCampaignStats()).toEqual([]);
  });

  it("reports a wrong token as a 401 WebApiError with the body's code", async () => {
    const client = createWebClient({ baseUrl, token: "wrong-token-0123456789" });
    const err = await client.getWeights().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebApiError);
    expect(err).toMatchObject({ status: 401, code: "unauthorized" });
  });

  it("reports a 422 from the web app", async () => {
    const client = createWebClient({ baseUrl, token: TEST_TOKEN });
    const err = await client.putWeights({ weights: { x: Number.NaN } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, code: "invalid" });
  });
});

describe("web client edge cases (injected fetch)", () => {
  it("rejects a response that does not match the contract's schema", async () => {
    const client = createWebClient({
      baseUrl: "http://web.test",
      token: "t",
      fetch: async () => new Response(JSON.stringify({ version: "one" }), { status: 200 }),
    });
    await expect(client.getWeights()).rejects.toThrow(/unexpected response body/);
  });

  it("times out", async () => {
    const client = createWebClient({
      baseUrl: "http://web.test",
      token: "t",
      timeoutMs: 30,
      fetch: (_url, init) =>
        new Promise((_, reject) =>
          init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason)),
        ),
    });
    await expect(client.getWeights()).rejects.toMatchObject({
      status: null,
      message: expect.stringMatching(/timed out/),
    });
  });

  it("reads an image by reference as a stream within its cap; 404 is null", async () => {
    const seen: string[] = [];
    const sizes: Record<string, number> = { "/v1/scans/s/screenshots/ok": 1_000, "/v1/scans/s/screenshots/big": 7_000_000 }; // prettier-ignore
    let pulled = 0;
    const client = createWebClient({
      baseUrl: "http://web.test",
      token: "secret-token",
      fetch: async (url, init) => {
        const path = new URL(String(url)).pathname;
        seen.push(`${path} ${(init!.headers as Record<string, string>).authorization}`);
        const size = sizes[path];
        if (size === undefined) return new Response(null, { status: 404 });
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(c) {
            if (sent >= size) return c.close();
            const n = Math.min(65_536, size - sent);
            sent += n;
            pulled += n;
            c.enqueue(new Uint8Array(n));
          },
        });
        return new Response(body, { headers: { "content-type": "image/png" } });
      },
    });
    expect((await client.getImage!("/v1/scans/s/screenshots/ok"))!.length).toBe(1_000);
    expect(await client.getImage!("/v1/scans/s/screenshots/gone")).toBeNull();
    await expect(client.getImage!("/v1/scans/s/screenshots/big")).rejects.toThrow(
      /larger than 6000000 bytes/,
    );
    expect(pulled).toBeLessThan(1_000 + 6_000_000 + 2 * 65_536); // stopped reading at the cap
    await expect(client.getImage!("https://elsewhere.test/x.png")).rejects.toThrow(
      /not an internal API path/,
    );
    expect(seen[0]).toBe("/v1/scans/s/screenshots/ok Bearer secret-token");
  });

  it("sends the bearer token and JSON body", async () => {
    let seen: { url: string; init: RequestInit } | null = null;
    const client = createWebClient({
      baseUrl: "http://web.test/",
      token: "secret-token",
      fetch: async (url, init) => {
        seen = { url: String(url), init: init! };
        return new Response(JSON.stringify({ version: 3, weights: {}, source: "learned", sample_size: 0 }));
      },
    });
    await client.putWeights({ weights: {} });
    expect(seen!.url).toBe("http://web.test/v1/scoring/weights");
    expect((seen!.init.headers as Record<string, string>).authorization).toBe("Bearer secret-token");
    expect(seen!.init.body).toBe('{"weights":{}}');
    // A user's scope is the query's `user_id`.
    const user = "00000000-0000-4000-8000-000000000001";
    await client.putWeights({ weights: {} }, user);
    expect(seen!.url).toBe(`http://web.test/v1/scoring/weights?user_id=${user}`);
    await client.getWeights(user);
    expect([seen!.url, seen!.init.method]).toEqual([
      `http://web.test/v1/scoring/weights?user_id=${user}`,
      "GET",
    ]);
  });
});
