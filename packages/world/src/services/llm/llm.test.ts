import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LlmSchema } from "../../scenario/services-schema.ts";
import { auditAnswer, embed } from "./answers.ts";
import { startLlm } from "./server.ts";
import type { RunningLlm } from "./server.ts";

const KEY = "sk-test-123";
let llm: RunningLlm;
beforeAll(async () => {
  llm = await startLlm(
    LlmSchema.parse({
      api_key: KEY,
      scripts: [{ when_contains: "SCRIPTED-MARKER", answer: '{"verdict":"benign","confidence":0.11}' }],
    }),
    "127.0.10.1",
    0,
  );
});
afterAll(() => llm.close());
beforeEach(async () => {
  await fetch(`${llm.url}/__control/reset`, { method: "POST" });
});

const chat = (body: unknown, key = KEY) =>
  fetch(`${llm.openaiBaseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
const messages = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${llm.anthropicBaseUrl}/v1/messages`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": KEY,
      "anthropic-version": "2023-06-01",
      ...headers,
    },
    body: JSON.stringify(body),
  });
const setFaults = (f: unknown) =>
  fetch(`${llm.url}/__control/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(f),
  });

type Completion = {
  object: string;
  choices: Array<{ message: { role: string; content: string }; finish_reason: string }>;
  usage: { total_tokens: number };
};

describe("OpenAI-compatible chat completions", () => {
  it("returns a chat.completion with a JSON audit answer for json response_format", async () => {
    const res = await chat({
      model: "gpt-4o-mini",
      response_format: { type: "json_object" },
      messages: [
        {
          role: "system",
          content: "You audit brand-abuse findings. Consider login forms, threat feeds, parked pages.",
        },
        {
          role: "user",
          content:
            "Domain acrnebank.com: has a login form with password field, listed on OpenPhish, cloned brand logo.",
        },
      ],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Completion;
    expect(body.object).toBe("chat.completion");
    expect(body.choices[0]!.message.role).toBe("assistant");
    expect(body.choices[0]!.finish_reason).toBe("stop");
    expect(body.usage.total_tokens).toBeGreaterThan(0);
    const audit = JSON.parse(body.choices[0]!.message.content) as Record<string, unknown>;
    expect(audit.verdict).toBe("malicious");
    expect(audit.confidence).toBeGreaterThan(0.6);
    expect(audit.score_adjustment).toBeGreaterThan(0);
    expect(typeof audit.reasoning).toBe("string");
  });
  it("reads benign evidence and negations from the user message only", async () => {
    const res = await chat({
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: "Signals: login form, phishing, threat feed." },
        {
          role: "user",
          content: '{"domain":"acme-plumbing.com","has_login_form":false,"content":"parked page, for sale"}',
        },
      ],
    });
    const audit = JSON.parse(((await res.json()) as Completion).choices[0]!.message.content) as {
      verdict: string;
      score_adjustment: number;
    };
    expect(audit.verdict).toBe("benign");
    expect(audit.score_adjustment).toBeLessThan(0);
  });
  it("shapes the answer to a json_schema response format", async () => {
    const schema = {
      type: "object",
      properties: {
        verdict: { type: "string", enum: ["malicious", "suspicious", "benign"] },
        confidence: { type: "number" },
        extra_flag: { type: "boolean" },
      },
    };
    const res = await chat({
      response_format: { type: "json_schema", json_schema: { name: "audit", schema } },
      messages: [{ role: "user", content: "giveaway, DM us, impersonation" }],
    });
    const audit = JSON.parse(((await res.json()) as Completion).choices[0]!.message.content) as Record<
      string,
      unknown
    >;
    expect(Object.keys(audit).sort()).toEqual(["confidence", "extra_flag", "verdict"]);
    expect(audit.extra_flag).toBe(false);
  });
  it("uses scripts when the prompt contains their marker", async () => {
    const res = await chat({ messages: [{ role: "user", content: "please review scripted-marker now" }] });
    expect(((await res.json()) as Completion).choices[0]!.message.content).toBe(
      '{"verdict":"benign","confidence":0.11}',
    );
    await fetch(`${llm.url}/__control/scripts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ when_contains: "narrative", answer: "Campaign X." }),
    });
    const res2 = await chat({ messages: [{ role: "user", content: "write a narrative" }] });
    expect(((await res2.json()) as Completion).choices[0]!.message.content).toBe("Campaign X.");
  });
  it("streams server-sent events when stream is true", async () => {
    const res = await chat({ stream: true, messages: [{ role: "user", content: "SCRIPTED-MARKER" }] });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const text = await res.text();
    const datas = text
      .split("\n\n")
      .filter((e) => e.startsWith("data: "))
      .map((e) => e.slice(6));
    expect(datas.at(-1)).toBe("[DONE]");
    const content = datas
      .slice(0, -1)
      .map(
        (d) =>
          (JSON.parse(d) as { choices: Array<{ delta: { content?: string } }> }).choices[0]!.delta.content ??
          "",
      )
      .join("");
    expect(content).toBe('{"verdict":"benign","confidence":0.11}');
  });
  it("checks the bearer key", async () => {
    const res = await chat({ messages: [{ role: "user", content: "hi" }] }, "wrong");
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_api_key");
  });
  it("records every request", async () => {
    await chat({ messages: [{ role: "user", content: "record me" }] });
    const { requests } = (await (await fetch(`${llm.url}/__control/requests`)).json()) as {
      requests: Array<{ prompt: string; api: string }>;
    };
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ api: "openai", prompt: "record me" });
    expect(llm.requests()).toHaveLength(1);
  });
});

describe("faults", () => {
  it("429 with retry-after, for a counted number of requests", async () => {
    await setFaults({ rate_limit: true, retry_after_s: 7, times: 1 });
    const res = await chat({ messages: [{ role: "user", content: "x" }] });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect((await chat({ messages: [{ role: "user", content: "x" }] })).status).toBe(200);
  });
  it("500 and Anthropic error shapes", async () => {
    await setFaults({ server_error: true });
    expect((await chat({ messages: [{ role: "user", content: "x" }] })).status).toBe(500);
    const res = await messages({ max_tokens: 10, messages: [{ role: "user", content: "x" }] });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ type: "error", error: { type: "api_error" } });
  });
  it("malformed content and malformed body", async () => {
    await setFaults({ malformed: true });
    const body = (await (
      await chat({ response_format: { type: "json_object" }, messages: [{ role: "user", content: "x" }] })
    ).json()) as Completion;
    expect(() => JSON.parse(body.choices[0]!.message.content)).toThrow();
    await setFaults({ malformed: true, malformed_mode: "body" });
    const raw = await (await chat({ messages: [{ role: "user", content: "x" }] })).text();
    expect(() => JSON.parse(raw)).toThrow();
  });
  it("delay", async () => {
    // The next request is held back: one sent after it is answered first.
    llm.setFaults({ delay_ms: 300, times: 1 });
    const order: string[] = [];
    const held = chat({ messages: [{ role: "user", content: "x" }] }).then(() => order.push("delayed"));
    await chat({ messages: [{ role: "user", content: "y" }] }).then(() => order.push("next"));
    await held;
    expect(order).toEqual(["next", "delayed"]);
  });
  it("rejects invalid fault bodies", async () => {
    expect((await setFaults({ delay_ms: -1 })).status).toBe(422);
  });
});

describe("embeddings", () => {
  it("returns deterministic normalised 256-d vectors, similar for similar text", async () => {
    const res = await fetch(`${llm.openaiBaseUrl}/embeddings`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${KEY}` },
      body: JSON.stringify({
        model: "text-embedding-3-small",
        input: ["Acme Bank support", "Acme Bank Support!", "zebra crossing"],
      }),
    });
    const body = (await res.json()) as {
      object: string;
      data: Array<{ object: string; index: number; embedding: number[] }>;
      usage: { prompt_tokens: number };
    };
    expect(body.object).toBe("list");
    expect(body.data.map((d) => d.index)).toEqual([0, 1, 2]);
    const [a, b, c] = body.data.map((d) => d.embedding);
    expect(a).toHaveLength(256);
    const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i]!, 0);
    expect(dot(a!, a!)).toBeCloseTo(1, 6);
    expect(dot(a!, b!)).toBeGreaterThan(0.8);
    expect(dot(a!, c!)).toBeLessThan(0.3);
    expect(a).toEqual(embed("Acme Bank support"));
  });
  it("supports base64 encoding and dimensions", async () => {
    const res = await fetch(`${llm.openaiBaseUrl}/embeddings`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ input: "hello", encoding_format: "base64", dimensions: 64 }),
    });
    const b64 = ((await res.json()) as { data: Array<{ embedding: string }> }).data[0]!.embedding;
    const floats = new Float32Array(Uint8Array.from(Buffer.from(b64, "base64")).buffer);
    expect(floats).toHaveLength(64);
  });
});

describe("Anthropic-compatible messages", () => {
  it("answers in the messages shape with x-api-key", async () => {
    const res = await messages({
      model: "claude-sonnet-4-5",
      max_tokens: 500,
      system: "Return JSON.",
      messages: [
        { role: "user", content: [{ type: "text", text: "credential phishing kit, urlhaus listing" }] },
      ],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      type: string;
      role: string;
      content: Array<{ type: string; text: string }>;
      stop_reason: string;
      usage: { input_tokens: number };
    };
    expect(body).toMatchObject({ type: "message", role: "assistant", stop_reason: "end_turn" });
    expect(JSON.parse(body.content[0]!.text)).toMatchObject({ verdict: "malicious" });
  });
  it("continues a prefilled assistant turn", async () => {
    const res = await messages({
      max_tokens: 50,
      messages: [
        { role: "user", content: "parked page, for sale" },
        { role: "assistant", content: "{" },
      ],
    });
    const text = ((await res.json()) as { content: Array<{ text: string }> }).content[0]!.text;
    expect(JSON.parse(`{${text}`)).toMatchObject({ verdict: "benign" });
  });
  it("requires anthropic-version, max_tokens and the key", async () => {
    expect((await messages({ messages: [{ role: "user", content: "x" }] })).status).toBe(400);
    const noVersion = await fetch(`${llm.anthropicBaseUrl}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": KEY },
      body: JSON.stringify({ max_tokens: 5, messages: [{ role: "user", content: "x" }] }),
    });
    expect(noVersion.status).toBe(400);
    const bad = await messages(
      { max_tokens: 5, messages: [{ role: "user", content: "x" }] },
      { "x-api-key": "nope" },
    );
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ type: "error", error: { type: "authentication_error" } });
  });
  it("rate limits with retry-after", async () => {
    await setFaults({ rate_limit: true, retry_after_s: 3 });
    const res = await messages({ max_tokens: 5, messages: [{ role: "user", content: "x" }] });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3");
    expect(await res.json()).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
  });
  it("streams message events", async () => {
    const text = await (
      await messages({
        max_tokens: 5,
        stream: true,
        messages: [{ role: "user", content: "SCRIPTED-MARKER" }],
      })
    ).text();
    expect(text).toContain("event: message_start");
    expect(text).toContain("event: message_stop");
  });
});

describe("default auditor", () => {
  it("grades evidence", () => {
    expect(auditAnswer("login form, password, phishtank").verdict).toBe("malicious");
    expect(auditAnswer("lookalike name, newly registered").verdict).toBe("suspicious");
    expect(auditAnswer("unrelated namesake business").verdict).toBe("benign");
    expect(auditAnswer("no login form").verdict).toBe("benign");
  });
});
