import { request, Agent } from "node:http";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { closeServer } from "./close-server.ts";

describe("closeServer", () => {
  it("ends a kept-alive event stream's connection still busy at close once its response is done", async () => {
    const app = Fastify();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    // An event stream answers on the raw response (hijacked), which Fastify cannot mark
    // `connection: close` while it closes.
    app.get("/slow", async (_req, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { "content-type": "text/event-stream", connection: "keep-alive" });
      arrived();
      await held;
      reply.raw.end("data: bye\n\n");
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const agent = new Agent({ keepAlive: true });
    const body = new Promise<string>((resolve, reject) => {
      request({ port, host: "127.0.0.1", path: "/slow", agent }, (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve(text));
      })
        .on("error", reject)
        .end();
    });
    await inFlight;
    const closed = closeServer(app);
    // The response ends only once the server has stopped listening (its close under way).
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await body).toBe("data: bye\n\n");
    // Without the sweep this waits for Fastify's 72 s keep-alive timeout (the test's timeout).
    await closed;
    agent.destroy();
  });
});
