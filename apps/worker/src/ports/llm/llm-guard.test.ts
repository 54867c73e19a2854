import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TAiProviderSetting } from "@brandwarden/contract/settings";
import { loadWorkerConfig } from "../../config.ts";
import { createEmbedder } from "../../capabilities/social/embeddings.ts";
import { createAiSettings, type AiState } from "./ai-settings.ts";
import { createLlmHttp, type LlmNetwork } from "./llm-fetch.ts";
import { LlmError } from "./provider.ts";

const API_KEY = "sk-never-leave-this-host";

/** A stand-in LLM server on loopback that records every connection and request it gets. */
function recorder(
  answer: (url: string) => { status: number; headers?: Record<string, string>; body: unknown },
) {
  const seen = { connections: 0, requests: [] as Array<{ url: string; headers: IncomingHttpHeaders }> };
  const server = createServer((req, res) => {
    seen.requests.push({ url: req.url ?? "", headers: req.headers });
    req.resume();
    req.on("end", () => {
      const a = answer(req.url ?? "");
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
      res.end(JSON.stringify(a.body));
    });
  });
  server.on("connection", () => seen.connections++);
  return { server, seen };
}

const chatAnswer = {
  choices: [{ message: { content: "hello" } }],
  usage: { prompt_tokens: 3, completion_tokens: 1 },
};

function setting(baseUrl: string): TAiProviderSetting {
  return {
    enabled: true,
    config: { provider: "openai", base_url: baseUrl, model: "m", api_key: API_KEY, max_retries: 0 },
  };
}

async function providerFor(baseUrl: string, network?: LlmNetwork) {
  const settings = createAiSettings({ getAiProvider: async () => setting(baseUrl) }, { ttlMs: 0, network });
  const state = (await settings.current()) as Extract<AiState, { on: true }>;
  expect(state.on).toBe(true);
  return { provider: state.provider, close: () => settings.close() };
}

const ask = (p: Awaited<ReturnType<typeof providerFor>>["provider"]) =>
  p.complete({ system: "s", user: "u", maxTokens: 5 });

describe("LLM calls go through the address guard", () => {
  const llm = recorder((url) =>
    url.includes("/embeddings") ? embeddingsAnswer() : { status: 200, body: chatAnswer },
  );
  // Answers every request with a redirect to the recording server, as a hostile base URL would.
  const redirector = recorder(() => ({
    status: 307,
    headers: { location: `${base}/chat/completions` },
    body: {},
  }));
  let base: string;
  let redirectBase: string;

  beforeAll(async () => {
    await new Promise<void>((r) => llm.server.listen(0, "127.0.0.1", r));
    await new Promise<void>((r) => redirector.server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(llm.server.address() as AddressInfo).port}/v1`;
    redirectBase = `http://127.0.0.1:${(redirector.server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => llm.server.close(() => r()));
    await new Promise<void>((r) => redirector.server.close(() => r()));
  });
  beforeEach(() => {
    llm.seen.connections = 0;
    llm.seen.requests.length = 0;
  });

  it("refuses a metadata-address base URL before any connection, without retrying", async () => {
    const { provider, close } = await providerFor("http://169.254.169.254/latest/v1");
    const err = await ask(provider).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).kind).toBe("refused");
    expect((err as LlmError).retryable).toBe(false);
    expect((err as LlmError).message).toMatch(/Refusing to connect to 169\.254\.169\.254/);
    await close();
  });

  it("refuses a loopback LLM by default: the server sees no connection and never the API key", async () => {
    const { provider, close } = await providerFor(base);
    const err = (await ask(provider).catch((e: unknown) => e)) as LlmError;
    expect(err.kind).toBe("refused");
    expect(err.message).toMatch(/LLM_LOCAL_HOSTS/);
    expect(llm.seen.connections).toBe(0);
    expect(llm.seen.requests).toEqual([]);
    await close();
  });

  it("reaches a local LLM host the operator named in LLM_LOCAL_HOSTS, key included", async () => {
    const host = new URL(base).host;
    const { provider, close } = await providerFor(base, { allowPrivateNetwork: false, localHosts: [host] });
    expect((await ask(provider)).text).toBe("hello");
    expect(llm.seen.requests).toHaveLength(1);
    expect(llm.seen.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    await close();
  });

  it("keeps refusing the metadata address even when it is named as a local host", async () => {
    const { provider, close } = await providerFor("http://169.254.169.254/v1", {
      allowPrivateNetwork: false,
      localHosts: ["169.254.169.254"],
    });
    expect(((await ask(provider).catch((e: unknown) => e)) as LlmError).kind).toBe("refused");
    await close();
  });

  it("never follows a redirect, so the key goes to the configured host only", async () => {
    const { provider, close } = await providerFor(redirectBase, { allowPrivateNetwork: true });
    await expect(ask(provider)).rejects.toBeInstanceOf(LlmError);
    expect(llm.seen.requests).toEqual([]);
    await close();
  });

  it("sends embeddings through the same guard: refused (local fallback) unless the host is named", async () => {
    const fallbacks: string[] = [];
    const strict = createLlmHttp({ allowPrivateNetwork: false });
    const embedder = createEmbedder({
      fetch: strict.fetch,
      url: base,
      apiKey: API_KEY,
      model: "e",
      onFallback: (e) => fallbacks.push(e),
    });
    const refused = await embedder.embed(["acme bank"]);
    expect(refused.method).toMatch(/^local:/);
    expect(fallbacks[0]).toMatch(/Refusing to connect to 127\.0\.0\.1/);
    expect(llm.seen.connections).toBe(0);

    const metadata = createEmbedder({
      fetch: strict.fetch,
      url: "http://169.254.169.254/v1",
      apiKey: API_KEY,
      model: "e",
    });
    expect((await metadata.embed(["x"])).method).toMatch(/^local:/);
    await strict.close();

    const named = createLlmHttp({ allowPrivateNetwork: false, localHosts: [new URL(base).host] });
    const allowed = await createEmbedder({
      fetch: named.fetch,
      url: base,
      apiKey: API_KEY,
      model: "e",
    }).embed(["acme bank"]);
    expect(allowed).toEqual({ vectors: [[1, 0]], method: "api:e" });
    expect(llm.seen.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    await named.close();
  });
});

function embeddingsAnswer() {
  return { status: 200, body: { data: [{ index: 0, embedding: [1, 0] }] } };
}

describe("LLM_LOCAL_HOSTS", () => {
  it("reads a host[:port] list and names a bad entry", () => {
    expect(
      loadWorkerConfig({ LLM_LOCAL_HOSTS: "localhost:11434, [::1]:8000,vllm.lan" }).llmLocalHosts,
    ).toEqual(["localhost:11434", "[::1]:8000", "vllm.lan"]);
    expect(loadWorkerConfig({}).llmLocalHosts).toEqual([]);
    expect(() => loadWorkerConfig({ LLM_LOCAL_HOSTS: "http://localhost:11434/v1" })).toThrow(
      /LLM_LOCAL_HOSTS.*"http:\/\/localhost:11434\/v1" is not a host\[:port\]/s,
    );
  });
});

describe("LLM and embeddings answers are read within a size cap", () => {
  // 2 MiB of a JSON answer in 64 KiB chunks, no Content-Length: only reading can count it.
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume();
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"choices":[{"message":{"content":"');
    const chunk = Buffer.alloc(64 * 1024, "x");
    for (let i = 0; i < 32; i++) res.write(chunk);
    res.end('"}}]}');
  });
  let base: string;
  const network = { allowPrivateNetwork: true, maxBodyBytes: 1024 * 1024 };
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("fails an oversized chat answer once, as a bad answer that is not retried", async () => {
    requests = 0;
    const { provider, close } = await providerFor(base, network);
    const err = (await ask(provider).catch((e: unknown) => e)) as LlmError;
    expect(err).toBeInstanceOf(LlmError);
    expect([err.kind, err.retryable, requests]).toEqual(["bad_response", false, 1]);
    expect(err.message).toMatch(/larger than 1,048,576 bytes/);
    await close();
  });

  it("falls back to the local embedding on an oversized embeddings answer, saying why", async () => {
    const http = createLlmHttp(network);
    const fallbacks: string[] = [];
    const embedder = createEmbedder({ fetch: http.fetch, url: base, apiKey: null, model: "e", onFallback: (e) => fallbacks.push(e) }); // prettier-ignore
    expect((await embedder.embed(["acme bank"])).method).toMatch(/^local:/);
    expect(fallbacks).toEqual([expect.stringMatching(/larger than 1,048,576 bytes/)]);
    await http.close();
  });
});
