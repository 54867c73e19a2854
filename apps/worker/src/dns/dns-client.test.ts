import dgram from "node:dgram";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import {
  createDnsClient,
  DnsTimeoutError,
  parseNameserver,
  parseResolvConf,
  type DnsClient,
} from "./dns-client.ts";

let world: World;
let dns: DnsClient;

beforeAll(async () => {
  world = await startTestWorld(smallScenario(), { services: false });
  dns = createDnsClient({ nameservers: [world.env.DNS_NAMESERVERS!], timeoutMs: 1000, retries: 1 });
});
afterAll(async () => {
  await dns?.close();
  await world?.stop();
});

describe("parsing", () => {
  it("parses host[:port] and resolv.conf", () => {
    expect(parseNameserver("10.0.0.1")).toEqual({ host: "10.0.0.1", port: 53 });
    expect(parseNameserver("127.0.10.53:5353")).toEqual({ host: "127.0.10.53", port: 5353 });
    expect(parseNameserver("[::1]:53")).toEqual({ host: "::1", port: 53 });
    expect(() => parseNameserver("dns.example")).toThrow(/invalid name server/);
    expect(parseResolvConf("# c\nnameserver 1.1.1.1\nnameserver fe80::1%eth0\nsearch x\n")).toEqual([
      { host: "1.1.1.1", port: 53 },
      { host: "fe80::1", port: 53 },
    ]);
  });
});

describe("dns client against the world", () => {
  it("answers A, MX, NS, TXT with TTLs", async () => {
    const a = await dns.query("acmebank.com", "A");
    expect(a.rcode).toBe("NOERROR");
    expect(a.answers.map((r) => r.data).sort()).toEqual(
      world.scenario.brand.owned_domains[0]!.dns.a.slice().sort(),
    );
    expect(a.answers[0]!.ttl).toBeGreaterThan(0);
    const mx = await dns.query("acmebank.com", "MX");
    expect(mx.answers[0]!.data).toMatch(/^\d+ \S+$/);
    const ns = await dns.query("acmebank.com", "NS");
    expect(ns.answers.length).toBeGreaterThan(0);
  });

  it("retries over TCP when the UDP answer is truncated", async () => {
    const txt = await dns.query("acmebank.com", "TXT");
    expect(txt.truncated).toBe(true);
    expect(txt.answers.length).toBeGreaterThan(5);
    expect(txt.answers.some((r) => r.data.startsWith("v=spf1"))).toBe(true);
  });

  it("reports NXDOMAIN with the SOA in authority, and SERVFAIL", async () => {
    const nx = await dns.query("no-such-name-at-all.com", "A");
    expect(nx.rcode).toBe("NXDOMAIN");
    const sf = await dns.query("acmebamnk.shop", "A");
    expect(sf.rcode).toBe("SERVFAIL");
  });

  it("times out on a slow answer with a typed error", async () => {
    const err = await dns.query("acmebank.store", "MX", { timeoutMs: 300, retries: 0 }).catch((e) => e);
    expect(err).toBeInstanceOf(DnsTimeoutError);
    expect(err.code).toBe("ETIMEOUT");
    // With a long enough timeout the slow answer arrives.
    const ok = await dns.query("acmebank.store", "MX", { timeoutMs: 4000 });
    expect(ok.answers.length).toBe(1);
  });

  it("fails over to the next name server when one does not answer", async () => {
    const dead = dgram.createSocket("udp4"); // bound, never answers
    await new Promise<void>((r) => dead.bind(0, "127.0.0.1", () => r()));
    const client = createDnsClient({
      nameservers: [`127.0.0.1:${dead.address().port}`, world.env.DNS_NAMESERVERS!],
      timeoutMs: 200,
      retries: 1,
    });
    try {
      const results = await Promise.all([1, 2].map(() => client.query("acmebank.com", "A")));
      expect(results.every((r) => r.rcode === "NOERROR")).toBe(true);
      expect(results.every((r) => r.server === world.env.DNS_NAMESERVERS)).toBe(true);
    } finally {
      await client.close();
      dead.close();
    }
  });

  it("handles a thousand concurrent queries on one socket", async () => {
    const names = world.scenario.lookalikes.filter((l) => !l.dns.fault).map((l) => l.domain);
    const all = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => dns.query(names[i % names.length]!, "NS", { timeoutMs: 5000 })),
    );
    expect(all.every((r) => r.rcode === "NOERROR" && r.answers.length > 0)).toBe(true);
  });
});
