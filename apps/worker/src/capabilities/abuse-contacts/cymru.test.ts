import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DnsClient, DnsResponse } from "../../ports/dns/dns.port.ts";
import { cymruQueryName, lookupCymru, parseCymruAsName, parseCymruOrigin } from "./cymru.ts";

// Team Cymru's published and captured answers (apps/worker/samples/abuse-contacts/SOURCES.md).
const lines = fs
  .readFileSync(
    path.resolve(import.meta.dirname, "../../../samples/abuse-contacts/cymru/answers.txt"),
    "utf8",
  )
  .split("\n")
  .filter((l) => l && !l.startsWith("#"));
const answers = new Map<string, string>();
for (let i = 0; i + 1 < lines.length; i += 2) answers.set(lines[i]!, lines[i + 1]!);

/** A DNS client answering the captured TXT records (data without quotes, as dns-client gives it). */
const sampleDns = {
  nameservers: [],
  close: async () => undefined,
  async query(name: string, type: string): Promise<DnsResponse> {
    const txt = answers.get(name);
    return {
      rcode: txt ? "NOERROR" : "NXDOMAIN",
      answers: txt && type === "TXT" ? [{ name, type: "TXT", ttl: 60, data: txt.replace(/^"|"$/g, "") }] : [],
      authority: [],
      truncated: false,
      server: "sample",
    };
  },
} as unknown as DnsClient;

describe("Team Cymru IP-to-ASN answers", () => {
  it("names the query as the service documents it, for IPv4 and IPv6", () => {
    expect(cymruQueryName("216.90.108.31", "origin")).toBe("31.108.90.216.origin.asn.cymru.com");
    expect(cymruQueryName("216.90.108.31", "peer")).toBe("31.108.90.216.peer.asn.cymru.com");
    expect(answers.has(cymruQueryName("2001:4860:b002::68", "origin")!)).toBe(true);
    expect(cymruQueryName("not an ip", "origin")).toBeNull();
  });

  it("reads origin, AS name and peer answers", () => {
    expect(parseCymruOrigin(answers.get("31.108.90.216.origin.asn.cymru.com")!)).toEqual({
      asns: [3561],
      prefix: "216.88.0.0/14",
      country: "US",
      registry: "arin",
      allocated: "1998-09-25",
    });
    expect(parseCymruAsName(answers.get("AS15169.asn.cymru.com")!)).toEqual({
      asn: 15169,
      country: "US",
      registry: "arin",
      name: "GOOGLE - Google Inc., US",
    });
    expect(parseCymruOrigin(answers.get("31.108.90.216.peer.asn.cymru.com")!)?.asns).toEqual([701, 1239, 3549, 3561, 7132]); // prettier-ignore
    expect(parseCymruOrigin("no | answer")).toBeNull();
  });

  it("looks an address up through the DNS client: origin, its name, the upstream peers", async () => {
    const got = await lookupCymru(sampleDns, "74.125.225.229");
    expect(got.origin?.asns).toEqual([15169]);
    expect(got.asName).toBe("GOOGLE - Google Inc., US");
    // The origin is not its own upstream.
    const peered = await lookupCymru(sampleDns, "216.90.108.31");
    expect(peered.origin?.asns).toEqual([3561]);
    expect(peered.peers).toEqual([701, 1239, 3549, 7132]);
    const v6 = await lookupCymru(sampleDns, "2001:4860:b002::68");
    expect(v6.origin).toMatchObject({ asns: [15169], prefix: "2001:4860::/32" });
    const none = await lookupCymru(sampleDns, "192.0.2.1");
    expect(none).toEqual({ origin: null, asName: null, peers: [] });
  });
});
