import { getEventListeners } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";
import { describe, expect, it } from "vitest";
import { CtLogError, defaultSleep, getWithRetry, undiciGet } from "./http-get.ts";

describe("defaultSleep", () => {
  it("leaves no listener on the signal once a wait ends (a follower sleeps on one signal for days)", async () => {
    const controller = new AbortController();
    for (let i = 0; i < 50; i++) await defaultSleep(0, controller.signal);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("rejects with the signal's reason when it aborts during the wait, or before it", async () => {
    const controller = new AbortController();
    const waiting = defaultSleep(3_600_000, controller.signal);
    controller.abort(new Error("worker stopping"));
    await expect(waiting).rejects.toThrow("worker stopping");
    await expect(defaultSleep(0, controller.signal)).rejects.toThrow("worker stopping");
  });
});

describe("undiciGet", () => {
  it("fails a log answer over the size cap at once, without reading the rest or asking again", async () => {
    let requests = 0;
    // A 4 MiB answer in 64 KiB chunks with no Content-Length (a chunked JSON page that never ends soon).
    const server = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, "[");
      for (let i = 0; i < 64; i++) res.write(chunk);
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const agent = new Agent();
    const slept: number[] = [];
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ct/v1/get-entries?start=0&end=999`;
      const get = undiciGet(agent, 30_000, 1024 * 1024);
      const err = await getWithRetry(url, { get, sleep: async (ms) => void slept.push(ms) }).catch((e) => e);
      expect(err).toBeInstanceOf(CtLogError);
      expect(err.message).toMatch(/larger than 1,048,576 bytes/);
      expect([requests, slept.length]).toEqual([1, 0]);
    } finally {
      await agent.close();
      await new Promise((r) => server.close(r));
    }
  });
});
