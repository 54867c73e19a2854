import { describe, expect, it } from "vitest";
import { DEMO_OPTIONS, loadDemoScenario } from "./demo.ts";
import { DEFAULT_MIX, generateScenario } from "./generate.ts";
import { parseScenario } from "./load.ts";
import { SITE_KINDS } from "./schema.ts";

const opts = {
  brand: "Acme Bank",
  domain: "acmebank.com",
  lookalikes: 300,
  seed: 42,
  now: new Date("2025-06-01T00:00:00Z"),
};
const DAY = 86_400_000;

describe("generateScenario", () => {
  const s = generateScenario(opts);

  it("is deterministic for a seed and differs across seeds", () => {
    expect(JSON.stringify(generateScenario(opts))).toBe(JSON.stringify(s));
    const other = generateScenario({ ...opts, seed: 43 });
    expect(other.lookalikes.map((l) => l.domain)).not.toEqual(s.lookalikes.map((l) => l.domain));
  });

  it("creates exactly the asked number of distinct lookalikes, never an owned domain", () => {
    const names = new Set(s.lookalikes.map((l) => l.domain));
    expect(names.size).toBe(300);
    for (const o of s.brand.owned_domains) expect(names.has(o.domain)).toBe(false);
  });

  it("follows the mix exactly (largest remainder), default and custom", () => {
    const count = (sc: typeof s, k: string) => sc.lookalikes.filter((l) => l.site_kind === k).length;
    for (const k of SITE_KINDS) expect(count(s, k)).toBe(Math.round(300 * DEFAULT_MIX[k]));
    const custom = generateScenario({ ...opts, lookalikes: 100, mix: { phishing: 1, parked: 1, unrelated: 2, redirect: 0, mail_only: 0, error: 0, timeout: 0, reset: 0 } }); // prettier-ignore
    expect([count(custom, "phishing"), count(custom, "parked"), count(custom, "unrelated"), count(custom, "error")]).toEqual([25, 25, 50, 0]); // prettier-ignore
  });

  it("draws from many permutation families, IDN homoglyphs and multi-label suffixes included", () => {
    const families = new Set(s.lookalikes.map((l) => l.fuzzer));
    expect(families.size).toBeGreaterThanOrEqual(12);
    expect(s.lookalikes.some((l) => l.domain.startsWith("xn--"))).toBe(true);
    expect(s.lookalikes.some((l) => l.domain.endsWith(".co.uk") || l.domain.endsWith(".com.br"))).toBe(true);
    expect(s.lookalikes.some((l) => /-(login|secure|verify|account)\./.test(l.domain))).toBe(true);
  });

  it("clusters phishing in campaigns: shared hosting, one registrar, registered within 48 hours", () => {
    const campaigns = new Map<string, typeof s.lookalikes>();
    for (const l of s.lookalikes.filter((x) => x.site_kind === "phishing")) {
      campaigns.set(l.campaign_id!, [...(campaigns.get(l.campaign_id!) ?? []), l]);
    }
    expect(campaigns.size).toBeLessThan(45 / 2);
    for (const members of campaigns.values()) {
      expect(new Set(members.map((m) => m.dns.a.join())).size).toBe(1);
      expect(new Set(members.map((m) => m.registration.registrar)).size).toBe(1);
      const created = members.map((m) => Date.parse(m.registration.created));
      expect(Math.max(...created) - Math.min(...created)).toBeLessThanOrEqual(2 * DAY);
      expect(members.every((m) => m.registration.privacy)).toBe(true);
    }
  });

  it("puts parked domains on parking name servers and addresses, benign ones elsewhere", () => {
    const kindOf = new Map(s.networks.map((n) => [n.cidr.split(".").slice(0, 3).join("."), n.kind]));
    const netKind = (ip: string) => {
      const third = Number(ip.split(".")[2]);
      const base = ip.split(".").slice(0, 2).join(".");
      return kindOf.get(`${base}.${third - (third % 8)}`);
    };
    for (const p of s.lookalikes.filter((l) => l.site_kind === "parked")) {
      expect(p.dns.ns.join(" ")).toMatch(/sedoparking|bodis|parkingcrew|above\.com/);
      expect(netKind(p.dns.a[0]!)).toBe("parking");
    }
    for (const u of s.lookalikes.filter((l) => l.site_kind === "unrelated")) {
      expect(netKind(u.dns.a[0]!)).toBe("shared");
      expect(u.dns.ns.join(" ")).not.toMatch(/parking|bodis/);
    }
    const ips = s.lookalikes.flatMap((l) => l.dns.a);
    expect(ips.every((ip) => ip.startsWith("127.20.") && !ip.startsWith("127.0.10."))).toBe(true);
  });

  it("scales to 10,000 lookalikes", () => {
    const big = generateScenario({ ...opts, lookalikes: 10_000 });
    expect(new Set(big.lookalikes.map((l) => l.domain)).size).toBe(10_000);
  });
});

describe("demo scenario", () => {
  it("validates and is what the generator makes today", async () => {
    const demo = await loadDemoScenario();
    expect(demo.lookalikes).toHaveLength(60);
    const fresh = generateScenario(DEMO_OPTIONS);
    expect(demo.lookalikes).toEqual(fresh.lookalikes);
    expect(() => parseScenario(JSON.parse(JSON.stringify(demo)))).not.toThrow();
  });
});
