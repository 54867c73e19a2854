import net from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dnsQuery } from "../../testing/dns-query.ts";
import { smallScenario, startTestWorld } from "../../testing/test-world.ts";
import { createWorldFetch } from "../../testing/world-client.ts";
import type { World } from "../world.ts";

// A world behind internet paths, with rate-limited registries: everything still answers, each
// registry has its own RDAP base, and over a registry's limit the answer is 429 / a refusal.

const RTT = 40;
let world: World;

beforeAll(async () => {
  world = await startTestWorld(smallScenario({ lookalikes: 10 }), {
    network: { default: { rttMs: RTT, jitter: 0, loss: 0 }, seed: 1 },
    // 0.2/s: a refused request stays refused for 5 s, however slow the machine.
    registries: {
      rdapPerSecond: 0.2,
      rdapBurst: 2,
      whoisPerSecond: 0.2,
      whoisBurst: 1,
      rdapHost: "127.0.10.140",
    },
  });
}, 60_000);
afterAll(() => world?.stop());

const timed = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const v = await f();
  return [v, performance.now() - t0];
};

function whois(query: string): Promise<string> {
  const [host, port] = world.env.WHOIS_SERVER!.split(":");
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(port), host, () => s.write(`${query}\r\n`));
    let text = "";
    s.on("data", (c) => (text += c));
    s.on("end", () => resolve(text));
    s.on("error", reject);
  });
}

describe("a world behind internet paths", () => {
  it("answers DNS over UDP and TCP, no sooner than a round trip", async () => {
    const [udp, udpMs] = await timed(() => dnsQuery(world.env.DNS_NAMESERVERS!, "acmebank.com", "A"));
    expect(udp.answers?.length).toBeGreaterThan(0);
    expect(udpMs).toBeGreaterThanOrEqual(RTT);
    const [tcp, tcpMs] = await timed(() => dnsQuery(world.env.DNS_NAMESERVERS!, "acmebank.com", "A", { transport: "tcp" })); // prettier-ignore
    expect(tcp.answers).toEqual(udp.answers);
    expect(tcpMs).toBeGreaterThanOrEqual(2 * RTT); // connect, then the query
  });

  it("serves the web over HTTPS, paying connect, handshake and answer round trips", async () => {
    const fetch = createWorldFetch(world);
    try {
      const [res, ms] = await timed(() => fetch("https://acmebank.com/"));
      expect(res.status).toBe(200);
      await res.text();
      // DNS (1), TCP connect (1), TLS 1.3 handshake (1), request and answer (1).
      expect(ms).toBeGreaterThanOrEqual(4 * RTT);
    } finally {
      await fetch.close();
    }
  });

  it("closes an HTTPS connection whose client left after the handshake without a word (a certificate check)", async () => {
    const answer = await dnsQuery(world.env.DNS_NAMESERVERS!, "acmebank.com", "A");
    const ip = String((answer.answers![0] as { data: unknown }).data);
    const serverClosed = await new Promise<boolean>((resolve, reject) => {
      // FIN without TLS's close_notify, as a client that destroys its socket sends.
      const raw = net.connect({ host: ip, port: 443, allowHalfOpen: true });
      const secure = tls.connect({ socket: raw, servername: "acmebank.com", rejectUnauthorized: false }, () => raw.end()); // prettier-ignore
      secure.on("error", () => undefined);
      // The server's FIN, back across the path (the TLS socket reads the raw one's stream).
      secure.on("end", () => resolve(true));
      raw.on("error", reject);
    });
    expect(serverClosed).toBe(true);
  });

  it("lists each registry with its own RDAP base in the bootstrap, like IANA's dns.json", async () => {
    const boot = (await (await fetch(`${world.env.RDAP_BOOTSTRAP_URL}dns.json`)).json()) as {
      services: [string[], string[]][];
    };
    const baseOf = (tld: string) => boot.services.find(([tlds]) => tlds.includes(tld))?.[1][0];
    expect(baseOf("com")).toMatch(/^http:\/\/127\.0\.10\.140:\d+\/rdap\/$/); // Verisign, the first operator
    const bases = boot.services.map(([, urls]) => urls[0]);
    expect(new Set(bases).size).toBe(bases.length);
    const stats = world.registries!.stats();
    for (const [tlds, [base]] of boot.services)
      expect(stats.find((s) => s.baseUrl === base)?.tlds).toEqual(tlds);
  });

  it("answers a registry's domains there and 429 with Retry-After over its limit", async () => {
    const verisign = () => world.registries!.stats().find((s) => s.name === "VeriSign, Inc.")!;
    const before = verisign();
    const url = `${before.baseUrl}domain/acmebank.com`;
    const answers = [await fetch(url), await fetch(url), await fetch(url)];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
    const refused = answers[2]!;
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await refused.json()).toMatchObject({ errorCode: 429, title: "Too Many Requests" });
    const after = verisign();
    expect(after.requests - before.requests).toBe(3);
    expect(after.limited - before.limited).toBe(1);
    expect(after).toMatchObject({ kind: "rdap", ratePerSecond: 0.2, burst: 2 });
    expect(after.tlds).toContain("com");
    // A .com domain is not another registry's to answer.
    const pir = world.registries!.stats().find((s) => s.name === "Public Interest Registry")!;
    expect((await fetch(`${pir.baseUrl}domain/acmebank.com`)).status).toBe(404);
  });

  it("refuses a WHOIS query over the limit with the registry's text", async () => {
    expect(await whois("acmebank.com")).toMatch(/Domain Name: ACMEBANK\.COM/i);
    expect(await whois("acmebank.com")).toBe("Your connection limit exceeded. Please slow down and try again later.\r\n"); // prettier-ignore
    expect(world.registries!.stats().find((s) => s.kind === "whois")).toMatchObject({ requests: 2, limited: 1, ratePerSecond: 0.2 }); // prettier-ignore
  });

  it("names the profile each kind of server is reached through", () => {
    expect(world.registries!.profiles.rdap).toEqual({ rttMs: RTT, jitter: 0, loss: 0 });
    expect(world.registries!.profiles.web).toEqual({ rttMs: RTT, jitter: 0, loss: 0 });
  });
});
