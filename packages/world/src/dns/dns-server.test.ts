import type { DecodedPacket } from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scenario } from "../scenario/schema.ts";
import { dnsQuery } from "../../testing/dns-query.ts";
import { smallScenario } from "../../testing/test-world.ts";
import { startDnsServer, type DnsServer, type DnsServerEvent } from "./dns-server.ts";
import { ZoneIndex } from "./zone-index.ts";

const rcode = (p: DecodedPacket) => (p as DecodedPacket & { rcode: string }).rcode;
const data = (p: DecodedPacket, type: string) =>
  (p.answers ?? []).filter((a) => a.type === type).map((a) => (a as { data: unknown }).data);

let scenario: Scenario;
let server: DnsServer;
let addr: string;

beforeAll(async () => {
  scenario = smallScenario();
  server = await startDnsServer(new ZoneIndex(scenario), { host: "127.0.10.53", port: 0 });
  addr = `127.0.10.53:${server.port}`;
});
afterAll(() => server.close());

const primary = () => scenario.brand.owned_domains[0]!;
const healthy = () => scenario.lookalikes.filter((l) => !l.dns.fault);

describe.each(["udp", "tcp"] as const)("DNS over %s", (transport) => {
  const q = (name: string, type: "A", edns?: number) => dnsQuery(addr, name, type, { transport, edns });

  it("answers every record type of a domain authoritatively", async () => {
    const d = primary();
    const a = await q(d.domain, "A");
    expect(a.flag_aa).toBe(true);
    expect(rcode(a)).toBe("NOERROR");
    expect(data(a, "A").sort()).toEqual([...d.dns.a].sort());
    const aaaa = await dnsQuery(addr, d.domain, "AAAA", { transport });
    expect(data(aaaa, "AAAA")).toEqual(d.dns.aaaa);
    const mx = await dnsQuery(addr, d.domain, "MX", { transport });
    expect(data(mx, "MX")).toEqual(d.dns.mx.map((m) => ({ preference: m.priority, exchange: m.exchange })));
    const ns = await dnsQuery(addr, d.domain, "NS", { transport });
    expect(data(ns, "NS")).toEqual(d.dns.ns);
    const soa = await dnsQuery(addr, d.domain, "SOA", { transport });
    expect(data(soa, "SOA")[0]).toMatchObject({ mname: d.dns.ns[0], rname: `hostmaster.${d.domain}` });
    const caa = await dnsQuery(addr, d.domain, "CAA", { transport });
    expect(data(caa, "CAA")[0]).toMatchObject({ tag: "issue", value: "digicert.com" });
    const dmarc = await dnsQuery(addr, `_dmarc.${d.domain}`, "TXT", { transport, edns: 1232 });
    expect(String(data(dmarc, "TXT")[0])).toContain("v=DMARC1");
  });

  it("answers TXT (SPF) and follows www CNAME to the apex", async () => {
    const l = healthy().find((x) => x.dns.txt.length > 0 && x.dns.www && x.dns.a.length > 0)!;
    const txt = await dnsQuery(addr, l.domain, "TXT", { transport });
    expect(data(txt, "TXT").map(String)).toEqual(l.dns.txt);
    const www = await q(`www.${l.domain}`, "A");
    expect(data(www, "CNAME")).toEqual([l.domain]);
    expect(data(www, "A")).toEqual(l.dns.a);
  });

  it("says NXDOMAIN with an SOA for names outside the scenario and below a zone", async () => {
    const out = await q("not-in-the-scenario-acmebank.com", "A");
    expect(rcode(out)).toBe("NXDOMAIN");
    expect(out.authorities?.[0]?.type).toBe("SOA");
    const l = healthy().find((x) => !x.dns.wildcard)!;
    const below = await q(`nothing.${l.domain}`, "A");
    expect(rcode(below)).toBe("NXDOMAIN");
    expect(below.authorities?.[0]?.name).toBe(l.domain);
  });

  it("answers NODATA (NOERROR, SOA) for a type a name lacks", async () => {
    const l = healthy().find((x) => x.site_kind === "mail_only")!;
    const a = await q(l.domain, "A");
    expect(rcode(a)).toBe("NOERROR");
    expect(a.answers).toEqual([]);
    expect(a.authorities?.[0]?.type).toBe("SOA");
  });

  it("answers any name below a wildcard zone", async () => {
    const l = healthy().find((x) => x.dns.wildcard && x.dns.a.length > 0)!;
    const r = await q(`login.secure.${l.domain}`, "A");
    expect(data(r, "A")).toEqual(l.dns.a);
    expect(r.answers?.[0]?.name).toBe(`login.secure.${l.domain}`);
  });

  it("serves the faults: SERVFAIL, no answer, slow", async () => {
    const by = (f: string) => scenario.lookalikes.find((x) => x.dns.fault === f)!;
    expect(rcode(await q(by("servfail").domain, "A"))).toBe("SERVFAIL");
    const none = await q(by("noanswer").domain, "A");
    expect(rcode(none)).toBe("NOERROR");
    expect(none.answers).toEqual([]);
    // The slow zone's answer is held back: a question asked after it is answered first.
    const slow = by("slow");
    const order: string[] = [];
    const held = dnsQuery(addr, slow.domain, "NS", { transport, timeoutMs: 10_000 }).then((r) => {
      order.push("slow");
      return r;
    });
    await dnsQuery(addr, healthy()[0]!.domain, "A", { transport }).then(() => order.push("healthy"));
    const r = await held;
    expect(order).toEqual(["healthy", "slow"]);
    expect(data(r, "NS")).toEqual(slow.dns.ns);
  });
});

describe("closing", () => {
  it("does not wait for slow answers still held back", async () => {
    const events: DnsServerEvent[] = [];
    let received!: () => void;
    const queried = new Promise<void>((r) => (received = r));
    const own = await startDnsServer(new ZoneIndex(scenario), {
      host: "127.0.10.53",
      port: 0,
      onEvent: (e) => {
        events.push(e);
        if (e.kind === "query") received();
      },
    });
    const slow = scenario.lookalikes.find((x) => x.dns.fault === "slow")!;
    const asked = dnsQuery(`127.0.10.53:${own.port}`, slow.domain, "A", { timeoutMs: 400 }).catch(
      (e: Error) => e,
    );
    await queried;
    await own.close();
    // Closed with the answer still held back: it was dropped, never sent.
    expect(events.map((e) => e.kind)).toEqual(["query"]);
    expect(await asked).toBeInstanceOf(Error); // never answered
    expect(events.map((e) => e.kind)).toEqual(["query"]);
  });
});

describe("truncation", () => {
  it("sets TC on plain UDP answers over 512 bytes; TCP and EDNS get the whole answer", async () => {
    const d = primary();
    const udp = await dnsQuery(addr, d.domain, "TXT", { transport: "udp" });
    expect(udp.flag_tc).toBe(true);
    expect(udp.answers).toEqual([]);
    const tcp = await dnsQuery(addr, d.domain, "TXT", { transport: "tcp" });
    expect(tcp.flag_tc).toBe(false);
    expect(data(tcp, "TXT")).toHaveLength(d.dns.txt.length);
    const edns = await dnsQuery(addr, d.domain, "TXT", { transport: "udp", edns: 4096 });
    expect(data(edns, "TXT")).toHaveLength(d.dns.txt.length);
    const pool = await dnsQuery(addr, `pool.${d.domain}`, "A", { transport: "udp" });
    expect(pool.flag_tc).toBe(true);
    expect(data(await dnsQuery(addr, `pool.${d.domain}`, "A", { transport: "tcp" }), "A")).toHaveLength(40);
  });
});
