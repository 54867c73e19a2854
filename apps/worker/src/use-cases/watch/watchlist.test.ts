import { beforeAll, describe, expect, it } from "vitest";
import type { TWatchRequest } from "@brandwarden/contract/watch";
import { buildWatchlist, createWatchlistCache, rankPermutations } from "./watchlist.ts";

const brand = { brand_name: "Acme Bank", keywords: ["login", "secure"], owned_domains: ["acmebank.com"] };
const request = (over: Partial<TWatchRequest> = {}): TWatchRequest => ({
  watch_id: "00000000-0000-4000-8000-000000000001",
  user_id: "00000000-0000-4000-8000-000000000002",
  ...brand,
  domain_profiles: [],
  pinned: [],
  unregistered: [],
  tracked: [],
  skip: [],
  ...over,
});

let ranked: ReturnType<typeof rankPermutations>;
const rank = () => ranked;
// Ranking ~40,000 permutations takes seconds on a loaded machine.
beforeAll(() => {
  ranked = rankPermutations(brand);
}, 120_000);

describe("the watch list", () => {
  it("ranks the brand's permutations by prior risk, the most deceptive first", () => {
    expect(ranked.length).toBeGreaterThan(1000);
    const priors = ranked.map((r) => r.prior!);
    expect(priors).toEqual([...priors].sort((a, b) => b - a));
    // The scorer's name signals decide: a look-alike glyph (rn for m) outranks a bit flip.
    const at = (d: string) => ranked.findIndex((r) => r.domain === d);
    expect(at("acrnebank.com")).toBeGreaterThanOrEqual(0);
    expect(at("acrnebank.com")).toBeLessThan(at("akmebank.com"));
    expect(at("acmebank-login.com")).toBeGreaterThanOrEqual(0);
    expect(ranked.some((r) => r.domain === "acmebank.com")).toBe(false);
  });

  it("takes the top names up to the bound, plus pinned and known unregistered names", () => {
    const top = ranked.slice(0, 50).map((r) => r.domain);
    const list = buildWatchlist(
      request({ pinned: ["acme-bank-support.net"], unregistered: ["acmebank-help.org"] }),
      50,
      rank,
    );
    expect(list.filter((n) => n.source === "watchlist").map((n) => n.domain)).toEqual(top);
    expect(list.find((n) => n.domain === "acme-bank-support.net")?.source).toBe("pinned");
    expect(list.find((n) => n.domain === "acmebank-help.org")?.source).toBe("tracked");
    expect(list).toHaveLength(52);
  });

  it("leaves out tracked and skipped names (re-checked otherwise) and honours max_names", () => {
    const [first, second] = ranked.map((r) => r.domain);
    const list = buildWatchlist(
      request({
        tracked: [{ domain: first!, state: "registered", fingerprint: null }],
        skip: [second!],
        max_names: 10,
      }),
      2000,
      rank,
    );
    expect(list.map((n) => n.domain)).not.toContain(first);
    expect(list.map((n) => n.domain)).not.toContain(second);
    expect(list).toHaveLength(10);
  });

  it("ranks a brand once: later rounds of the same profile reuse the ranking", () => {
    let calls = 0;
    const cache = createWatchlistCache(8, () => {
      calls++;
      return [];
    });
    const a = cache(brand);
    expect(cache({ ...brand, keywords: ["secure", "login"] })).toBe(a);
    expect(calls).toBe(1);
    cache({ ...brand, keywords: ["pay"] });
    expect(calls).toBe(2);
  });
});
