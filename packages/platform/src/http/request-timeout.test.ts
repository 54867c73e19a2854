import { connect } from "node:net";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { requestTimeoutOptions } from "./request-timeout.ts";

/** Sends `text` on a raw connection and resolves with everything the server writes until it closes. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let got = "";
    socket.on("data", (chunk) => (got += chunk.toString()));
    socket.on("close", () => resolve(got));
    socket.on("error", reject);
  });
}

describe("requestTimeoutOptions", () => {
  const apps: Array<{ close(): Promise<unknown> }> = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  async function serve() {
    const app = Fastify({ ...requestTimeoutOptions(200), forceCloseConnections: true });
    app.post("/echo", async (req) => req.body);
    // Streams six chunks 100 ms apart: longer than the limit, as the scan event stream does.
    app.get("/stream", (_req, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { "content-type": "text/event-stream" });
      let n = 0;
      const timer = setInterval(() => {
        res.write(`data: ${++n}\n\n`);
        if (n === 6) {
          clearInterval(timer);
          res.end();
        }
      }, 100);
    });
    apps.push(app);
    await app.listen({ port: 0, host: "127.0.0.1" });
    return (app.server.address() as { port: number }).port;
  }

  it("answers 408 and closes a connection whose request never finishes arriving", async () => {
    const port = await serve();
    // Announces a 100-byte body and sends 2 bytes: without the limit this connection stays open forever.
    const answer = await rawExchange(
      port,
      "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{}",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("leaves a response that streams longer than the limit open to its end", async () => {
    const port = await serve();
    const answer = await rawExchange(port, "GET /stream HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain("data: 6");
  });
});
