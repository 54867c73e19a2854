import { describe, expect, it } from "vitest";
import { generateScenario } from "./generate.ts";
import { campaignTruth } from "./truth.ts";

const base = { brand: "Acme Bank", domain: "acmebank.com", now: new Date("2025-06-01T00:00:00Z") };
const count = <T>(items: T[], key: (t: T) => string) => {
  const m = new Map<string, number>();
  for (const i of items) m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  return m;
};

const inCidr = (ip: string, cidr: string) => {
  const [base, bits] = cidr.split("/");
  const num = (a: string) => a.split(".").reduce((n, o) => n * 256 + Number(o), 0);
  const mask = 2 ** (32 - Number(bits));
  return Math.floor(num(ip) / mask) === Math.floor(num(base!) / mask);
};

describe("real-internet noise", () => {
  const s = generateScenario({ ...base, lookalikes: 400, seed: 7, noise: true });
  const kind = (k: string) => s.lookalikes.filter((l) => l.site_kind === k);

  it("crowds unrelated names on the CDN: shared name servers, IPs and many-name certificates", () => {
    const cdn = s.lookalikes.filter((l) => l.dns.ns.some((n) => n.endsWith(".ns.cloudflare.com")));
    expect(cdn.filter((l) => l.site_kind === "unrelated" || l.site_kind === "error").length).toBeGreaterThan(
      30,
    );
    const certs = count(
      cdn.filter((l) => l.tls && l.tls.sans.length),
      (l) => JSON.stringify(l.tls),
    );
    expect(Math.max(...certs.values())).toBeGreaterThanOrEqual(20);
    const cdnNet = s.networks.find((n) => n.asn === 13335)!;
    expect(cdnNet.kind).toBe("cdn");
  });

  it("puts dozens of unrelated sites on one shared-hosting IP and every parked name on one service", () => {
    const perIp = count(kind("unrelated"), (l) => l.dns.a[0]!);
    expect(Math.max(...perIp.values())).toBeGreaterThan(12);
    expect(new Set(kind("parked").map((l) => l.dns.ns.join()))).toEqual(
      new Set(["ns1.sedoparking.com,ns2.sedoparking.com"]),
    );
  });

  it("plants one campaign of 30 to 40 domains and others of 3 to 12; two unrelated actors share one kit page", () => {
    const { campaignOf } = campaignTruth(s);
    const sizes = [...count([...campaignOf.entries()], ([, c]) => c).values()].sort((a, b) => b - a);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect(sizes[0]! >= 30 && sizes[0]! <= 40).toBe(true);
    for (const n of sizes.slice(1)) expect(n >= 3 && n <= 12).toBe(true);
    const pages = new Map<string, Set<string>>();
    for (const l of kind("phishing")) {
      pages.set(l.site.html!, new Set([...(pages.get(l.site.html!) ?? []), l.campaign_id!]));
    }
    const shared = [...pages.values()].filter((ids) => ids.size > 1);
    expect(shared).toHaveLength(1);
    expect(shared[0]!.size).toBe(2);
    const ipsOf = (id: string) =>
      new Set(
        kind("phishing")
          .filter((l) => l.campaign_id === id)
          .map((l) => l.dns.a.join()),
      );
    const [a, b] = [...shared[0]!];
    expect([...ipsOf(a!)].some((ip) => ipsOf(b!).has(ip))).toBe(false);
  });

  it("registers some campaigns one name a week, the others in a 48-hour burst", () => {
    const spans = new Map<string, number[]>();
    for (const l of kind("phishing")) {
      spans.set(l.campaign_id!, [...(spans.get(l.campaign_id!) ?? []), Date.parse(l.registration.created)]);
    }
    const days = [...spans.values()].map((t) => (Math.max(...t) - Math.min(...t)) / 86_400_000);
    const weekly = days.filter((d) => d >= 7);
    expect(weekly.length).toBeGreaterThanOrEqual(1);
    for (const d of days.filter((x) => x < 7)) expect(d).toBeLessThanOrEqual(2);
  });

  it("can put the brand, its defensive registrations and one campaign behind the CDN", () => {
    const w = generateScenario({ ...base, lookalikes: 300, seed: 4, noise: true, brandBehindCdn: true });
    const cdn = w.networks.find((n) => n.asn === 13335)!;
    const onCdn = (ip: string) => inCidr(ip, cdn.cidr);
    const brandIps = w.brand.owned_domains.flatMap((o) => o.dns.a);
    expect(brandIps.length).toBeGreaterThan(0);
    expect(brandIps.every(onCdn)).toBe(true);
    for (const o of w.brand.owned_domains)
      expect(o.dns.ns.every((n) => n.endsWith(".ns.cloudflare.com"))).toBe(true);
    const defensive = w.lookalikes.filter((l) => l.site_kind === "redirect");
    expect(defensive.length).toBeGreaterThan(0);
    for (const l of defensive) expect(l.dns.a).toEqual([brandIps[0]]);
    const campaigns = new Set(
      w.lookalikes.filter((l) => l.campaign_id && l.dns.a.includes(brandIps[0]!)).map((l) => l.campaign_id),
    );
    expect(campaigns.size).toBe(1);
  });

  it("generates worlds of 50 to 2,000 lookalikes for several seeds", () => {
    for (const [lookalikes, seed] of [
      [50, 1],
      [2000, 2],
    ] as const) {
      const w = generateScenario({ ...base, lookalikes, seed, noise: true });
      expect(w.lookalikes).toHaveLength(lookalikes);
      expect(campaignTruth(w).campaignOf.size).toBeGreaterThan(0);
    }
  });

  it("can put every lookalike behind one CDN", () => {
    const w = generateScenario({ ...base, lookalikes: 100, seed: 3, allBehindCdn: true });
    for (const l of w.lookalikes) expect(l.dns.ns.every((n) => n.endsWith(".ns.cloudflare.com"))).toBe(true);
  });
});
