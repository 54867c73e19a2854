import dgram from "node:dgram";
import dnsPacket from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { DnsTimeoutError, type DnsClient } from "./dns.port.ts";
import { createDnsClient, parseNameserver, parseResolvConf } from "./dns-client.ts";

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

  it("takes only answers to its own question from the server it asked", async () => {
    // A server that first answers for another name, then has a third party send a forged answer
    // with the right id and question, and only then answers properly.
    const server = dgram.createSocket("udp4");
    const forger = dgram.createSocket("udp4");
    await Promise.all([
      new Promise<void>((r) => server.bind(0, "127.0.0.1", () => r())),
      new Promise<void>((r) => forger.bind(0, "127.0.0.1", () => r())),
    ]);
    const reply = (q: dnsPacket.DecodedPacket, name: string, ip: string) =>
      dnsPacket.encode({
        type: "response",
        id: q.id,
        flags: dnsPacket.AUTHORITATIVE_ANSWER,
        questions: [{ type: "A", name, class: "IN" }],
        answers: [{ type: "A", name, ttl: 60, data: ip }],
      });
    server.on("message", (msg, from) => {
      const q = dnsPacket.decode(msg);
      const name = q.questions![0]!.name;
      server.send(reply(q, `other-${name}`, "10.0.0.1"), from.port, from.address);
      // The proper answer leaves once the forged one is out: it arrives last.
      forger.send(reply(q, name, "10.6.6.6"), from.port, from.address, () =>
        server.send(reply(q, name, "10.0.0.2"), from.port, from.address),
      );
    });
    const client = createDnsClient({ nameservers: [`127.0.0.1:${server.address().port}`], timeoutMs: 1000 });
    try {
      const res = await client.query("brand-login.com", "A");
      expect(res.answers.map((a) => a.data)).toEqual(["10.0.0.2"]);
    } finally {
      await client.close();
      server.close();
      forger.close();
    }
  });

  it("ends queries in flight at once when closed", async () => {
    const silent = dgram.createSocket("udp4"); // bound, never answers
    await new Promise<void>((r) => silent.bind(0, "127.0.0.1", () => r()));
    const client = createDnsClient({
      nameservers: [`127.0.0.1:${silent.address().port}`],
      timeoutMs: 10_000,
    });
    const asked = new Promise<void>((r) => silent.once("message", () => r()));
    try {
      const pending = client.query("brand-login.com", "A").catch((e: unknown) => e);
      await asked;
      await client.close();
      // Ended by the close, not by its 10 s timeout (which would be a DnsTimeoutError).
      const ended = await pending;
      expect(String(ended)).toMatch(/DNS client is closed/);
      expect(ended).not.toBeInstanceOf(DnsTimeoutError);
      await expect(client.query("brand-login.com", "A")).rejects.toThrow(/closed/);
    } finally {
      silent.close();
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
