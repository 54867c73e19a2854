import dgram from "node:dgram";
import { readdirSync } from "node:fs";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { FakeClock } from "./fake-clock.ts";
import { startLatencyRelay, type LatencyRelay } from "./latency-relay.ts";

const turn = () => new Promise((r) => setTimeout(r, 2));

/** Advances the clock in steps, letting real I/O run between them, until `done` holds. */
async function runUntil(clock: FakeClock, done: () => boolean, stepMs = 50): Promise<void> {
  for (let i = 0; i < 2000 && !done(); i++) {
    clock.advance(stepMs);
    await turn();
  }
  expect(done()).toBe(true);
}

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

async function tcpServer(onSocket: (s: net.Socket) => void): Promise<number> {
  const server = net.createServer({ allowHalfOpen: true }, onSocket);
  const sockets = new Set<net.Socket>();
  server.on("connection", (s) => (sockets.add(s), s.on("close", () => sockets.delete(s))));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  closers.push(() => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((r) => server.close(() => r()));
  });
  return (server.address() as AddressInfo).port;
}

async function relayTo(
  port: number,
  clock: FakeClock,
  profile = { rttMs: 100, jitter: 0, loss: 0 },
  protocol: "tcp" | "udp" | "both" = "tcp",
): Promise<LatencyRelay> {
  const relay = await startLatencyRelay({ listen: { host: "127.0.0.1", port: 0 }, target: { host: "127.0.0.1", port }, protocol, profile, seed: 7, clock }); // prettier-ignore
  closers.push(() => relay.close());
  return relay;
}

function connect(port: number): net.Socket {
  const s = net.connect({ host: "127.0.0.1", port, allowHalfOpen: true });
  closers.push(() => void s.destroy());
  return s;
}

describe("latency relay, TCP", () => {
  it("delivers a request after the handshake's round trip and one way, the answer one way later", async () => {
    const clock = new FakeClock();
    const got: string[] = [];
    const port = await tcpServer((s) => s.on("data", (c) => (got.push(String(c)), s.write(c))));
    const relay = await relayTo(port, clock);
    const client = connect(relay.port);
    const answers: string[] = [];
    client.on("data", (c) => answers.push(String(c)));
    const queued = clock.nextTimer();
    client.write("hello");
    await queued;
    clock.advance(149); // handshake 100 + one way 50 not yet over
    for (let i = 0; i < 5; i++) await turn();
    expect(got).toEqual([]);
    const echoed = clock.nextTimer();
    clock.advance(1);
    await echoed; // the server's echo is held on the way back
    expect(got).toEqual(["hello"]);
    clock.advance(49);
    for (let i = 0; i < 5; i++) await turn();
    expect(answers).toEqual([]);
    clock.advance(1);
    await runUntil(clock, () => answers.join("") === "hello", 0);
  });

  it("keeps each direction's bytes in order through jitter and retransmissions", async () => {
    const clock = new FakeClock();
    const received: Buffer[] = [];
    const port = await tcpServer((s) => s.on("data", (c) => received.push(c)));
    const relay = await relayTo(port, clock, { rttMs: 80, jitter: 0.4, loss: 0.3 });
    const client = connect(relay.port);
    await new Promise((r) => client.once("connect", r));
    const sent: string[] = [];
    for (let i = 0; i < 300; i++) {
      sent.push(`chunk-${i};`);
      client.write(`chunk-${i};`);
      if (i % 10 === 0) await turn(); // separate reads, so the relay holds many chunks
    }
    await runUntil(clock, () => Buffer.concat(received).length === sent.join("").length);
    expect(Buffer.concat(received).toString()).toBe(sent.join(""));
  });

  it("carries a FIN after the data, both ways, and a reset to the other side", async () => {
    const clock = new FakeClock();
    let serverSide: net.Socket | undefined;
    const serverGot: string[] = [];
    let serverEnded = false;
    const port = await tcpServer((s) => {
      serverSide = s;
      s.on("data", (c) => serverGot.push(String(c)));
      s.on("end", () => {
        serverEnded = true;
        s.end("bye");
      });
    });
    const relay = await relayTo(port, clock);
    const client = connect(relay.port);
    const clientGot: string[] = [];
    let clientEnded = false;
    client.on("data", (c) => clientGot.push(String(c)));
    client.on("end", () => (clientEnded = true));
    client.end("last words");
    await runUntil(clock, () => serverEnded, 10);
    expect(serverGot.join("")).toBe("last words");
    await runUntil(clock, () => clientEnded, 10);
    expect(clientGot.join("")).toBe("bye");

    const second = connect(relay.port);
    const err = new Promise<NodeJS.ErrnoException>((r) => second.once("error", r));
    second.write("x");
    serverSide = undefined;
    await runUntil(clock, () => serverSide !== undefined, 10);
    serverSide!.resetAndDestroy();
    let failed: NodeJS.ErrnoException | undefined;
    void err.then((e) => (failed = e));
    await runUntil(clock, () => failed !== undefined, 10);
    expect(failed!.code).toBe("ECONNRESET");
  });

  it("closes its connections when closed", async () => {
    const clock = new FakeClock();
    const port = await tcpServer(() => {});
    const relay = await relayTo(port, clock);
    const client = connect(relay.port);
    await new Promise((r) => client.once("connect", r));
    const ended = new Promise((r) => client.once("end", r));
    await turn();
    await relay.close();
    await ended; // the relay's side of the connection is gone
    await expect(new Promise((resolve, reject) => net.connect(relay.port, "127.0.0.1").on("connect", resolve).on("error", reject))).rejects.toThrow(/ECONNREFUSED/); // prettier-ignore
  });
});

describe("latency relay, UDP", () => {
  async function udpEcho(): Promise<number> {
    const s = dgram.createSocket("udp4");
    s.on("message", (m, r) => s.send(m, r.port, r.address));
    await new Promise<void>((r) => s.bind(0, "127.0.0.1", () => r()));
    closers.push(() => new Promise<void>((r) => s.close(() => r())));
    return (s.address() as AddressInfo).port;
  }

  async function client(): Promise<dgram.Socket> {
    const c = dgram.createSocket("udp4");
    await new Promise<void>((r) => c.bind(0, "127.0.0.1", () => r()));
    closers.push(() => new Promise<void>((r) => c.close(() => r())));
    return c;
  }

  it("holds each datagram one way in each direction", async () => {
    const clock = new FakeClock();
    const relay = await relayTo(await udpEcho(), clock, { rttMs: 60, jitter: 0, loss: 0 }, "udp");
    const c = await client();
    const got: string[] = [];
    c.on("message", (m) => got.push(String(m)));
    const queued = clock.nextTimer();
    c.send("q1", relay.port, "127.0.0.1");
    await queued;
    const back = clock.nextTimer();
    clock.advance(30);
    await back; // the echo reached the relay and waits its way back
    clock.advance(29);
    for (let i = 0; i < 5; i++) await turn();
    expect(got).toEqual([]);
    clock.advance(1);
    await runUntil(clock, () => got.length === 1, 0);
    expect(got).toEqual(["q1"]);
  });

  it("keeps no socket per query for long: a resolver asking from a fresh port each time does not pile them up", async () => {
    const openFds = () => readdirSync("/proc/self/fd").length;
    const clock = new FakeClock();
    const echo = await udpEcho();
    const relay = await startLatencyRelay({ listen: { host: "127.0.0.1", port: 0 }, target: { host: "127.0.0.1", port: echo }, protocol: "udp", profile: { rttMs: 20, jitter: 0, loss: 0 }, seed: 7, clock, udpMaxMappings: 25 }); // prettier-ignore
    closers.push(() => relay.close());
    const clients = await Promise.all(Array.from({ length: 60 }, () => client()));
    const before = openFds(); // the relay, the echo and the 60 clients
    let answers = 0;
    for (const c of clients) c.on("message", () => answers++);
    // One query at a time, each from its own port, each answered.
    for (const [i, c] of clients.entries()) {
      c.send(`q${i}`, relay.port, "127.0.0.1");
      await runUntil(clock, () => answers === i + 1, 5);
    }
    // At most 25 upstream sockets at once, whatever the number of clients.
    expect(openFds() - before).toBeLessThanOrEqual(25);
    expect(openFds() - before).toBeGreaterThan(0);
    // Idle ones close within seconds.
    for (let i = 0; i < 30; i++) {
      clock.advance(500);
      await turn();
    }
    expect(openFds()).toBe(before);
  });

  it("drops about the profile's share of datagrams each way", async () => {
    const clock = new FakeClock();
    const relay = await relayTo(await udpEcho(), clock, { rttMs: 20, jitter: 0.1, loss: 0.25 }, "both");
    const c = await client();
    let answers = 0;
    c.on("message", () => answers++);
    const n = 400;
    for (let i = 0; i < n; i++) c.send(`q${i}`, relay.port, "127.0.0.1");
    for (let i = 0; i < 100; i++) {
      clock.advance(50);
      await turn();
    }
    // Each round trip survives two draws: 0.75² ≈ 56 % of 400 (±4.5 standard deviations).
    expect(answers).toBeGreaterThan(180);
    expect(answers).toBeLessThan(270);
  });
});
