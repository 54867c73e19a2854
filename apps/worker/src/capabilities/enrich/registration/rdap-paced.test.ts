import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCircuitBreaker,
  guardedHttpClient,
  withCircuitBreaker,
} from "../../circuit-breaker/circuit-breaker.ts";
import type { DnsClient } from "../../../ports/dns/dns.port.ts";
import { createHttpClient } from "../../../ports/http/http-client.ts";
import { createRdapClient, parseRetryAfter } from "./rdap-client.ts";
import { createServerPacer } from "./server-pacer.ts";

// A registry's RDAP server that limits each client with a token bucket and answers 429 with
// Retry-After beyond it (as rdap.verisign.com and others do), on a real socket: every lookup must
// end with its record, refusals stay rare, and the lookups share a few kept-alive connections.

const RATE = 40; // tokens per second
const BURST = 5;

let server: http.Server;
let base: string;
const log = { requests: 0, limited: 0, connections: 0 };

beforeAll(async () => {
  let tokens = BURST;
  let at = performance.now();
  server = http.createServer((req, res) => {
    const path = req.url ?? "";
    if (path === "/bootstrap/dns.json") {
      res.setHeader("content-type", "application/json");
      return res.end(JSON.stringify({ services: [[["test"], [`${base}/rdap/`]]] }));
    }
    log.requests++;
    const now = performance.now();
    tokens = Math.min(BURST, tokens + ((now - at) / 1000) * RATE);
    at = now;
    if (tokens < 1) {
      log.limited++;
      res.writeHead(429, { "retry-after": "1", "content-type": "application/rdap+json" });
      return res.end(JSON.stringify({ errorCode: 429, title: "Too Many Requests" }));
    }
    tokens -= 1;
    const name = path.replace("/rdap/domain/", "");
    res.setHeader("content-type", "application/rdap+json");
    res.end(JSON.stringify({ objectClassName: "domain", ldhName: name, handle: `H-${name}` }));
  });
  server.on("connection", () => log.connections++);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const noDns = {} as DnsClient; // every URL here is an address literal

describe("RDAP through the pacer, against a rate-limiting server", () => {
  it("ends all 300 lookups with their record, few refusals, over kept-alive connections", async () => {
    const httpClient = createHttpClient({ allowPrivateNetwork: true, dns: noDns, userAgent: "test", timeoutMs: 10_000, maxBodyBytes: 1 << 20 }); // prettier-ignore
    const pacer = createServerPacer({ kind: "rdap" });
    const rdap = createRdapClient({ http: guardedHttpClient(httpClient), bootstrapUrl: `${base}/bootstrap/`, pacer }); // prettier-ignore
    const breaker = createCircuitBreaker();
    const names = Array.from({ length: 300 }, (_, i) => `lookalike${i}.test`);
    const answers = await withCircuitBreaker(breaker, () =>
      Promise.all(names.map((n) => rdap.domain(n).then((a) => a.json.handle))),
    );
    await httpClient.close();
    expect(answers).toEqual(names.map((n) => `H-${n}`));
    // Every request answered 429 was asked again: 300 answers plus the refusals.
    expect(log.requests).toBe(300 + log.limited);
    expect(log.limited).toBeLessThanOrEqual(Math.max(6, 0.02 * log.requests));
    expect(log.connections).toBeLessThanOrEqual(8 + 1); // in-flight cap, and the bootstrap's
    expect(breaker.opened()).toEqual([]); // a 429 is an answer, not an unreachable source
    const [stats] = pacer.stats();
    expect(stats).toMatchObject({ server: base, kind: "rdap", queued: 0, inFlight: 0, requests: log.requests, limited: log.limited }); // prettier-ignore
    await expect(rdap.serverFor("brand-login.test")).resolves.toBe(base);
    await expect(rdap.serverFor("brand-login.example")).resolves.toBeNull();
  }, 60_000);

  it("reads Retry-After as delay-seconds or an HTTP-date", () => {
    const now = Date.parse("2025-03-01T12:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Sat, 01 Mar 2025 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Sat, 01 Mar 2025 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
