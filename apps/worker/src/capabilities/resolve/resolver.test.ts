import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import type { Scenario } from "@brandwarden/world/scenario/schema";
import { startDnsServer, type DnsServerEvent } from "@brandwarden/world/dns/dns-server";
import { ZoneIndex } from "@brandwarden/world/dns/zone-index";
import type { DnsClient } from "../../ports/dns/dns.port.ts";
import { createDnsClient } from "../../ports/dns/dns-client.ts";
import { createResolver } from "../../wiring/resolver.ts";
import type { Resolver, ResolveResult } from "./types.ts";
import { resolveCandidates } from "../../use-cases/scan/resolve-candidates.ts";
import type { Candidate } from "../../use-cases/scan/scan-data.ts";

let world: World;
let resolver: Resolver;
let ns: string;
type Lookalike = Scenario["lookalikes"][number];

const healthy = () => world.scenario.lookalikes.filter((l) => !l.dns.fault);
const withFault = (f: string) => world.scenario.lookalikes.find((l) => l.dns.fault === f)!;
const sorted = (l: string[]) => [...l].sort();

beforeAll(async () => {
  const scenario = smallScenario();
  // CNAMEs: one the world chases to another lookalike, one to a name nobody serves.
  const [x, y] = scenario.lookalikes.filter((l) => !l.dns.fault && !l.dns.wildcard && l.dns.www);
  x!.dns.extra.push({ name: `cdn.${x!.domain}`, type: "CNAME", value: `www.${y!.domain}` });
  x!.dns.extra.push({ name: `gone.${x!.domain}`, type: "CNAME", value: "target.nowhere-at-all.com" });
  world = await startTestWorld(scenario, { services: false });
  ns = world.env.DNS_NAMESERVERS!;
  resolver = createResolver({ nameservers: [ns], concurrency: 32, timeoutMs: 800, retries: 1 });
});
afterAll(async () => {
  await resolver?.close();
  await world?.stop();
});

/** A name server of its own on the world's zones, telling what it received and sent, in order. */
async function ownServer(onEvent?: (e: DnsServerEvent) => void) {
  const events: DnsServerEvent[] = [];
  const server = await startDnsServer(new ZoneIndex(world.scenario), {
    host: "127.0.0.1",
    port: 0,
    onEvent: (e) => {
      events.push(e);
      onEvent?.(e);
    },
  });
  return { at: `127.0.0.1:${server.port}`, events, close: () => server.close() };
}

describe("resolveDomain against the world", () => {
  it("reports a registered lookalike with NS, A and MX", async () => {
    const l = healthy().find((x) => x.dns.a.length && x.dns.mx.length && !x.dns.wildcard)!;
    const r = await resolver.resolveDomain(l.domain);
    expect(r).toMatchObject({ domain: l.domain, status: "registered", wildcard: false, cname_chain: [] });
    expect(r.reason).toBeUndefined();
    expect(r.dns_a).toEqual(sorted(l.dns.a));
    expect(r.dns_ns).toEqual(sorted(l.dns.ns));
    expect(sorted(r.dns_mx)).toEqual(sorted(l.dns.mx.map((m) => m.exchange)));
  });

  it("counts a mail-only domain (MX, no address) as registered", async () => {
    const l = healthy().find((x) => !x.dns.a.length && x.dns.mx.length)!;
    const r = await resolver.resolveDomain(l.domain.toUpperCase() + ".");
    expect(r.domain).toBe(l.domain);
    expect(r.status).toBe("registered");
    expect(r.dns_a).toEqual([]);
    expect(r.dns_mx.length).toBe(l.dns.mx.length);
  });

  it("NXDOMAIN is unregistered after one NS query", async () => {
    const before = resolver.stats.queries;
    const r = await resolver.resolveDomain("acmebank-never-registered.com");
    expect(r).toMatchObject({ status: "unregistered", reason: "nxdomain", dns_a: [], dns_ns: [] });
    expect(resolver.stats.queries - before).toBe(1);
  });

  it("SERVFAIL is unknown, never registered", async () => {
    const r = await resolver.resolveDomain(withFault("servfail").domain);
    expect(r.status).toBe("unknown");
    expect(r.reason).toBe("servfail (NS)");
  });

  it("a name answering NOERROR with no records at all is unregistered (nodata)", async () => {
    const r = await resolver.resolveDomain(withFault("noanswer").domain);
    expect(r).toMatchObject({ status: "unregistered", reason: "nodata" });
  });

  it("a slow server past the timeout is unknown; with a longer timeout it answers", async () => {
    const slow = withFault("slow");
    const server = await ownServer();
    const quick = createResolver({ nameservers: [server.at], timeoutMs: 150, retries: 1 });
    const r = await quick.resolveDomain(slow.domain);
    expect(r).toMatchObject({ status: "unknown", reason: "timeout (NS)" });
    await quick.close();
    server.events.length = 0;
    const patient = createResolver({
      nameservers: [server.at],
      timeoutMs: slow.dns.delay_ms + 1500,
      retries: 0,
    });
    const answered = await patient.resolveDomain(slow.domain);
    expect(answered).toMatchObject({
      status: "registered",
      dns_ns: sorted(slow.dns.ns),
      dns_a: sorted(slow.dns.a),
    });
    // A/AAAA/MX went out while NS was still waiting: one slow answer's delay, not two in a row.
    const seen = server.events.map((e) => `${e.kind} ${e.type} ${e.name}`);
    const nsAnswered = seen.indexOf(`answer NS ${slow.domain}`);
    for (const type of ["A", "AAAA", "MX"])
      expect({ type, asked: seen.indexOf(`query ${type} ${slow.domain}`) }).toEqual({
        type,
        asked: expect.toSatisfy((i: number) => i >= 0 && i < nsAnswered),
      });
    await patient.close();
    await server.close();
  });

  it("retries over TCP when the UDP answer is truncated", async () => {
    const client = createDnsClient({ nameservers: [ns] });
    const raw = await client.query("pool.acmebank.com", "A");
    expect(raw.truncated).toBe(true);
    await client.close();
    const r = await resolver.resolveDomain("pool.acmebank.com");
    expect(r.status).toBe("registered");
    expect(r.dns_a).toEqual(sorted(raw.answers.map((a) => a.data)));
    expect(r.dns_a.length).toBeGreaterThan(20);
  });

  it("follows CNAMEs: chased by the server, and asked on when the server stops", async () => {
    const [x, y] = healthy().filter((l) => !l.dns.wildcard && l.dns.www) as [Lookalike, Lookalike];
    const www = await resolver.resolveDomain(`www.${y.domain}`);
    expect(www).toMatchObject({ status: "registered", cname_chain: [y.domain] });
    expect(www.dns_a).toEqual(sorted(y.dns.a));
    const cdn = await resolver.resolveDomain(`cdn.${x.domain}`);
    expect(cdn.cname_chain).toEqual([`www.${y.domain}`, y.domain]);
    expect(cdn.dns_a).toEqual(sorted(y.dns.a));
    const gone = await resolver.resolveDomain(`gone.${x.domain}`);
    expect(gone.cname_chain).toEqual(["target.nowhere-at-all.com"]);
    expect(gone.dns_a).toEqual([]);
    // A dangling CNAME inside a delegated registrable domain: that domain is registered.
    expect(gone).toMatchObject({
      status: "registered",
      reason: `registrable domain ${x.domain} is delegated`,
    });
  });
});

describe("wildcard zones", () => {
  const wild = () => healthy().find((l) => l.dns.wildcard && l.dns.a.length && !l.dns.mx.length)!;

  it("suppresses names only the parent's wildcard answers, and probes each parent once", async () => {
    const w = wild();
    const apex = await resolver.resolveDomain(w.domain);
    expect(apex).toMatchObject({ status: "registered", wildcard: false });
    const before = resolver.stats.queries;
    const names = ["login", "secure", "account", "verify"].map((s) => `${s}.${w.domain}`);
    const rs = await Promise.all(names.map((n) => resolver.resolveDomain(n)));
    for (const r of rs) {
      expect(r).toMatchObject({ status: "unregistered", reason: "wildcard", wildcard: true });
      expect(r.dns_a).toEqual(sorted(w.dns.a)); // the answers are kept for whoever looks
    }
    // 4 names x (NS, A, AAAA, MX) + one probe (A, AAAA, MX) of the parent.
    expect(resolver.stats.queries - before).toBe(4 * 4 + 3);
  });

  it("keeps them registered and flagged in mark mode; a non-wildcard zone gives NXDOMAIN", async () => {
    const mark = createResolver({ nameservers: [ns], wildcard: "mark" });
    const r = await mark.resolveDomain(`login.${wild().domain}`);
    expect(r).toMatchObject({ status: "registered", wildcard: true });
    await mark.close();
    const plain = healthy().find((l) => !l.dns.wildcard)!;
    expect(await resolver.resolveDomain(`login.${plain.domain}`)).toMatchObject({
      status: "unregistered",
      reason: "nxdomain",
    });
  });
});

describe("resolveMany", () => {
  const names = () => [
    ...world.scenario.lookalikes.map((l) => l.domain),
    ...Array.from({ length: 60 }, (_, i) => `acmebank-unregistered-${i}.com`),
  ];

  it("streams every name once with bounded concurrency and progress", async () => {
    let inFlight = 0;
    let peak = 0;
    const base = createDnsClient({ nameservers: [ns], timeoutMs: 3000, retries: 0 });
    const counting: DnsClient = {
      nameservers: base.nameservers,
      close: () => base.close(),
      async query(name, type, o) {
        peak = Math.max(peak, ++inFlight);
        try {
          return await base.query(name, type, o);
        } finally {
          inFlight--;
        }
      },
    };
    const r4 = createResolver({ client: counting, concurrency: 4, timeoutMs: 3000 });
    const list = names();
    const progress: Array<[number, number, number]> = [];
    const seen: ResolveResult[] = [];
    for await (const r of r4.resolveMany(list, { onProgress: (...p) => progress.push(p) })) seen.push(r);
    expect(seen.map((r) => r.domain).sort()).toEqual([...list].sort());
    expect(peak).toBeLessThanOrEqual(4 * 4); // NS + A/AAAA/MX when NS is slow
    expect(peak).toBeGreaterThan(1);
    const registered = seen.filter((r) => r.status === "registered").length;
    expect(progress.at(-1)).toEqual([list.length, list.length, registered]);
    expect(registered).toBe(
      world.scenario.lookalikes.filter((l) => l.dns.fault !== "servfail" && l.dns.fault !== "noanswer")
        .length,
    );
    // Streaming: the slow domain comes late, not in input order.
    expect(seen.findIndex((r) => r.domain === withFault("slow").domain)).toBeGreaterThan(list.length - 6);
    await r4.close();
    await base.close();
  });

  it("stops on an abort without waiting for the answers in flight", async () => {
    const slowOnes = world.scenario.lookalikes.filter((l) => l.dns.fault === "slow").map((l) => l.domain);
    const ac = new AbortController();
    // Aborted as soon as the server holds a slow question: its answer is still to come.
    const server = await ownServer((e) => {
      if (e.kind === "query" && slowOnes.includes(e.name)) ac.abort(new Error("stop"));
    });
    const r = createResolver({ nameservers: [server.at], concurrency: 8, timeoutMs: 5000, retries: 0 });
    const got: string[] = [];
    const list = [...slowOnes, ...slowOnes.map((d) => `www.${d}`), ...names()];
    await expect(
      (async () => {
        for await (const x of r.resolveMany(list, { signal: ac.signal })) got.push(x.domain);
      })(),
    ).rejects.toThrow("stop");
    // It stopped before any held-back answer was sent, and left the rest of the list alone.
    const stoppedAt = server.events.length;
    expect(server.events.filter((e) => e.kind === "answer" && slowOnes.includes(e.name))).toEqual([]);
    expect(got.length).toBeLessThan(list.length);
    await expect(r.resolveDomain(slowOnes[0]!, AbortSignal.abort(new Error("gone")))).rejects.toThrow("gone");
    await r.close();
    await server.close();
    expect(server.events.slice(stoppedAt).filter((e) => e.kind === "query")).toEqual([]);
  });

  it("takes a token from the rate limiter for every query", async () => {
    let takes = 0;
    const r = createResolver({ nameservers: [ns], limiter: { take: async () => void takes++ } });
    const list = Array.from({ length: 20 }, (_, i) => `rate-limited-${i}.com`);
    for await (const x of r.resolveMany(list)) expect(x.status).toBe("unregistered");
    expect(r.stats.queries).toBeGreaterThanOrEqual(20);
    expect(takes).toBe(r.stats.queries);
    await r.close();
  });
});

describe("resolveCandidates (pipeline stage)", () => {
  it("keeps registered and unknown candidates in order with their DNS answers", async () => {
    const cand = (domain: string): Candidate => ({
      domain,
      domain_unicode: domain,
      fuzzer: "addition",
      fuzzers: ["addition"],
      registrable_domain: domain,
      original_domain: "acmebank.com",
    });
    const reg = healthy().find((l) => l.dns.a.length)!;
    const list = [cand("acmebank-none-1.com"), cand(withFault("servfail").domain), cand(reg.domain)];
    const progress: number[] = [];
    const out = await resolveCandidates(list, { resolver, onProgress: (d) => progress.push(d) });
    expect(out.map((c) => [c.domain, c.resolve_status])).toEqual([
      [withFault("servfail").domain, "unknown"],
      [reg.domain, "registered"],
    ]);
    expect(out[1]).toMatchObject({ fuzzer: "addition", dns_a: sorted(reg.dns.a), wildcard: false });
    expect(progress).toEqual([1, 2, 3]);
  });
});
