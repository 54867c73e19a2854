import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DnsClient } from "../../../ports/dns/dns.port.ts";
import { createServerPacer } from "./server-pacer.ts";
import { createWhoisClient } from "./whois-client.ts";
import { parseWhoisDomain } from "./whois-parse.ts";
import { whoisRefusal } from "./whois-refusals.ts";

const samples = path.resolve(import.meta.dirname, "../../../../samples");
const read = (...p: string[]) => fs.readFileSync(path.join(samples, ...p), "utf8");

describe("WHOIS rate-limit refusals", () => {
  it("recognises the real servers' refusals, with the wait they name", () => {
    expect(whoisRefusal(read("whois-refusals", "whois.denic.de.txt"))).toEqual({ retryAfterMs: null, line: "% Error: 55000000002 Connection refused; access control limit reached." }); // prettier-ignore
    expect(whoisRefusal(read("whois-refusals", "whois.nic.cz.txt"))?.retryAfterMs).toBeNull();
    expect(whoisRefusal(read("whois-refusals", "whois.nic.uk.txt"))?.retryAfterMs).toBe(50_000);
    expect(whoisRefusal(read("whois-refusals", "whois.eu.txt"))).toEqual({ retryAfterMs: 7_777_777_000, line: "-1: Still in grace period, wait 7777777 seconds" }); // prettier-ignore
  });

  it("never takes a real record or a 'no match' answer for a refusal", () => {
    const dir = path.join(samples, "whois");
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".txt"));
    expect(files.length).toBeGreaterThan(400);
    expect(files.filter((f) => whoisRefusal(read("whois", f)) !== null)).toEqual([]);
  });

  it("a refusal is asked again after a pause, never parsed as registration data", async () => {
    const answers = [
      read("whois-refusals", "whois.denic.de.txt"),
      read("whois", "likexian", "de_google.de.txt"),
    ];
    let connections = 0;
    const server = net.createServer((socket) => {
      const answer = answers[Math.min(connections++, answers.length - 1)]!;
      socket.once("data", () => socket.end(answer));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const at = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    const pacer = createServerPacer({ kind: "whois", defaultPauseMs: 20 });
    const whois = createWhoisClient({ server: at, dns: {} as DnsClient, allowPrivateNetwork: true, timeoutMs: 5_000, pacer }); // prettier-ignore
    const { text } = await whois.query("google.de");
    server.close();
    expect(connections).toBe(2);
    expect(parseWhoisDomain(text)).not.toBeNull();
    expect(pacer.stats()).toMatchObject([{ server: at, kind: "whois", requests: 2, limited: 1 }]);
  });

  it("a connection reset before any answer is a refusal; it fails as ERATELIMITED once tries run out", async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.resetAndDestroy();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const at = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    const pacer = createServerPacer({ kind: "whois", defaultPauseMs: 10, maxTries: 3 });
    const whois = createWhoisClient({ server: at, dns: {} as DnsClient, allowPrivateNetwork: true, timeoutMs: 5_000, pacer }); // prettier-ignore
    const err = await whois.query("example.de").catch((e: unknown) => e);
    server.close();
    expect(connections).toBe(3);
    expect(err).toMatchObject({ code: "ERATELIMITED", message: `${at} refused the request 3 times for its rate (no Retry-After): WHOIS ${at}: ECONNRESET before any answer` }); // prettier-ignore
  });
});
