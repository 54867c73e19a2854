import { describe, expect, it } from "vitest";
import { clusterFindings } from "./cluster.ts";
import { apart, burst, CLOUDFLARE, HOSTINGER, SMALL_HOST, type Ev } from "../../../test/cluster-evidence.ts";
import type { ClusterEvidence } from "./keys.ts";
import { statisticalMassHosts } from "./weights.ts";

// How keys weigh beyond their kind (cluster.test.ts has the kinds and the no-chaining rule):
// an actor's own keys whatever the size and pace, patient actors, crowded kits, and the rarity
// of keys over earlier scans.

describe("an actor's own keys stay strong whatever the size and pace", () => {
  /** `n` names on one address, registered every `everyHours` at one registrar. */
  const onOneIp = (n: number, everyHours: number, ev: (i: number) => Ev = () => ({})) =>
    Array.from({ length: n }, (_, i) => ({
      domain: `c${i}.com`,
      dns_a: ["203.0.113.9"],
      asn: SMALL_HOST,
      registrar: "NameSilo, LLC",
      registration_created: new Date(Date.UTC(2025, 4, 1) + i * everyHours * 3_600_000).toISOString(),
      ...ev(i),
    }));
  const sizes = (findings: ClusterEvidence[]) => clusterFindings(findings).clusters.map((c) => c.size);

  it.each([3, 5, 12, 40])("%i names on one dedicated IP registered a week apart are one campaign", (n) => {
    expect(sizes(onOneIp(n, 24 * 7))).toEqual([n]);
  });

  it.each([3, 5])(
    "%i names sharing their own certificate, registered a week apart, are one campaign",
    (n) => {
      const names = Array.from({ length: n }, (_, i) => `c${i}.com`);
      const findings = onOneIp(n, 24 * 7, (i) => ({
        dns_a: [`203.0.113.${i + 20}`], // one address each: only the certificate is shared
        tls_fingerprint: "sha256:own",
        tls_sans: names,
      }));
      expect(sizes(findings)).toEqual([n]);
    },
  );

  it.each([40, 60])("%i names on one dedicated IP in a one-hour burst are one campaign", (n) => {
    expect(sizes(onOneIp(n, 1 / 60))).toEqual([n]);
  });

  it("names on one small-host IP registered years apart at different registrars are still no campaign", () => {
    const findings = onOneIp(12, 0, (i) => apart(i));
    expect(sizes(findings)).toEqual([]);
  });

  it("a network holding ten or more of the scan's addresses is a mass hoster: its IPs weigh as shared hosting", () => {
    const UNLISTED = 64510;
    const crowd = Array.from({ length: 10 }, (_, i) => ({
      domain: `shop${i}.com`,
      dns_a: [`198.18.0.${i + 1}`],
      asn: UNLISTED,
      ...apart(i),
    }));
    expect(statisticalMassHosts(crowd)).toEqual(new Set([UNLISTED]));
    expect(statisticalMassHosts(crowd.slice(0, 9))).toEqual(new Set());
    // Two names on one of its addresses: medium, not enough alone, enough with a burst.
    const two = (ev: (i: number) => Ev) =>
      [0, 1].map((i) => ({ domain: `pair${i}.com`, dns_a: ["198.18.0.50"], asn: UNLISTED, ...ev(i) }));
    expect(clusterFindings([...crowd, ...two((i) => apart(i + 20))]).clusters).toEqual([]);
    const linkedPair = clusterFindings([...crowd, ...two((i) => burst(i))]).clusters;
    expect(linkedPair.map((c) => c.domains)).toEqual([["pair0.com", "pair1.com"]]);
  });
});

describe("patient actors and crowded kits", () => {
  const weekly = (prefix: string, n: number, ev: Ev, registrar = "NameSilo, LLC", start = 0) =>
    Array.from({ length: n }, (_, i) => ({
      domain: `${prefix}${i}.com`,
      registrar,
      registration_created: new Date(Date.UTC(2025, 2, 1) + (start + i * 7) * 86_400_000).toISOString(),
      ...ev,
    }));

  it("names only they hold on a shared-hosting address, one registrar, one a week: one campaign", () => {
    const r = clusterFindings(weekly("p", 6, { dns_a: ["198.51.100.9"], asn: HOSTINGER }));
    expect(r.clusters.map((c) => c.size)).toEqual([6]);
    expect(r.clusters[0]!.evidence!.map((e) => e.text)).toEqual([
      "same IP address 198.51.100.9: all 6 domains",
    ]);
  });

  it("a shared-hosting address crowded with strangers links nobody, whatever the registrar", () => {
    const strangers = Array.from({ length: 8 }, (_, i) => ({
      domain: `shop${i}.com`,
      dns_a: ["198.51.100.9"],
      asn: HOSTINGER,
      ...apart(i),
    }));
    const two = weekly("p", 2, { dns_a: ["198.51.100.9"], asn: HOSTINGER });
    expect(clusterFindings([...strangers, ...two]).clusters).toEqual([]);
  });

  /** `crowd` other phishing sites using one kit, registered over the same months, each alone. */
  const kitUsers = (crowd: number) =>
    Array.from({ length: crowd }, (_, i) => ({
      domain: `other${i}.com`,
      html_hash: "kit",
      dns_a: [`203.0.113.${i + 1}`],
      asn: SMALL_HOST + i,
      registrar: `Registrar ${i % 3}`,
      registration_created: new Date(Date.UTC(2025, 2, 1) + i * 2 * 86_400_000).toISOString(),
    }));

  it("behind a CDN, a burst and a kit page many others use still make a campaign", () => {
    const cdn = Array.from({ length: 5 }, (_, i) => ({
      domain: `cdn${i}.com`,
      html_hash: "kit",
      dns_a: ["104.16.0.1"],
      asn: CLOUDFLARE,
      ...burst(i),
    }));
    const r = clusterFindings([...cdn, ...kitUsers(30)]);
    expect(r.clusters.map((c) => c.domains)).toEqual([cdn.map((f) => f.domain)]);
  });

  it("two actors on their own addresses who bought one kit and registered the same days stay apart", () => {
    const actor = (name: string, ip: string, weeklyStart: number) =>
      weekly(name, 4, { dns_a: [ip], asn: HOSTINGER, html_hash: "kit" }, "NameCheap, Inc.", weeklyStart);
    const a = actor("a", "198.51.100.1", 0);
    const b = actor("b", "198.51.100.2", 1); // a day after each of a's
    const r = clusterFindings([...a, ...b, ...kitUsers(30)]);
    expect(r.clusters.map((c) => c.domains.map((d) => d[0]).join("")).sort()).toEqual(["aaaa", "bbbb"]);
  });
});

describe("key rarity over time", () => {
  const pairOnIp = [0, 1].map((i) => ({
    domain: `p${i}.com`,
    dns_a: ["203.0.113.77"],
    asn: SMALL_HOST,
    ...apart(i),
  }));

  it("a key seen on many other domains in earlier scans no longer links on its own", () => {
    expect(clusterFindings(pairOnIp).clusters).toHaveLength(1);
    const history = new Map([["ip:203.0.113.77", 400]]);
    expect(clusterFindings(pairOnIp, { keyHistory: history }).clusters).toEqual([]);
  });

  it("a key seen on a few other domains keeps its weight", () => {
    const history = new Map([["ip:203.0.113.77", 6]]);
    expect(clusterFindings(pairOnIp, { keyHistory: history }).clusters).toHaveLength(1);
  });
});
