import { describe, expect, it } from "vitest";
import type { TWatchRequest } from "@brandwarden/contract/watch";
import { roundShare, sliceSize, takeCycleSlice } from "./cycle-slice.ts";
import { buildRoundList } from "./watchlist.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const candidates = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ domain: `c${String(i).padStart(5, "0")}.com`, prior: n - i }));

const request = (over: Partial<TWatchRequest> = {}): TWatchRequest => ({
  watch_id: "00000000-0000-4000-8000-000000000001",
  user_id: "00000000-0000-4000-8000-000000000002",
  brand_name: "Acme Bank",
  keywords: [],
  owned_domains: ["acmebank.com"],
  domain_profiles: [],
  pinned: [],
  unregistered: [],
  tracked: [],
  skip: [],
  ...over,
});
const ranked = candidates(1000).map((c) => ({
  ...c,
  domain_unicode: c.domain,
  original_domain: "acmebank.com",
  fuzzer: "addition",
  fuzzers: ["addition"],
  registrable_domain: c.domain,
}));

/** Rounds of the cycle from offset 0 until it wraps, as the web app chains them. */
function fullCycle(req: (offset: number) => TWatchRequest, maxRounds = 100) {
  const checked: string[][] = [];
  let offset = 0;
  for (let round = 0; round < maxRounds; round++) {
    const { names, cycle } = buildRoundList(req(offset), 100, () => ranked);
    checked.push(names.map((n) => n.domain));
    if (cycle!.wrapped) return { rounds: round + 1, checked, next: cycle!.next };
    offset = cycle!.next;
  }
  throw new Error("the cycle never wrapped");
}

describe("the full candidate set on a cycle", () => {
  it("sizes the slice so the rest is covered once per full cycle", () => {
    expect(sliceSize(48_000, HOUR, DAY)).toBe(2000);
    expect(sliceSize(48_001, HOUR, DAY)).toBe(2001); // rounded up: never a cycle longer than asked
    expect(sliceSize(10, HOUR, DAY)).toBe(1);
    expect(sliceSize(0, HOUR, DAY)).toBe(0);
    expect(sliceSize(500, DAY, HOUR)).toBe(500); // a cycle shorter than the interval: all at once
  });

  it("checks every candidate within full cycle / interval rounds, top and pinned names every round", () => {
    const cycle = { interval_ms: HOUR, full_cycle_ms: 6 * HOUR };
    const run = fullCycle((offset) => request({ pinned: ["pinned-name.net"], cycle: { ...cycle, offset } }));
    expect(run.rounds).toBeLessThanOrEqual(6);
    expect(run.next).toBe(0);
    const seen = new Set(run.checked.flat());
    expect(ranked.every((r) => seen.has(r.domain))).toBe(true);
    for (const names of run.checked) {
      expect(names).toContain("pinned-name.net");
      expect(names).toEqual(expect.arrayContaining(ranked.slice(0, 100).map((r) => r.domain)));
      // Each slice is about (1000 - 100) / 6 names beyond the top 100 and the pin.
      expect(names.length - 101).toBeLessThanOrEqual(150);
    }
  });

  it("walks the same order every round: slices follow each other without gaps or repeats", () => {
    const cycle = { interval_ms: HOUR, full_cycle_ms: 4 * HOUR };
    const run = fullCycle((offset) => request({ cycle: { ...cycle, offset } }));
    const slices = run.checked.map((names) => names.slice(100));
    expect(slices.flat()).toEqual(ranked.slice(100).map((r) => r.domain));
  });

  it("leaves out the brand's own, tracked and skipped names, and counts them as covered", () => {
    const gone = [ranked[500]!.domain, ranked[999]!.domain];
    const req = request({
      tracked: [{ domain: gone[0]!, state: "registered", fingerprint: null }],
      skip: [gone[1]!],
      cycle: { offset: 0, interval_ms: HOUR, full_cycle_ms: HOUR },
    });
    const { names, cycle } = buildRoundList(req, 100, () => ranked);
    expect(names.map((n) => n.domain)).not.toEqual(expect.arrayContaining([gone[0]]));
    expect(names.map((n) => n.domain)).not.toContain(gone[1]);
    expect(names).toHaveLength(998);
    expect(names.filter((n) => n.source === "cycle")).toHaveLength(898);
    expect(cycle).toMatchObject({ total: 1000, rest: 898, start: 0, next: 0, wrapped: true });
  });

  it("goes on from its offset when the list changes; past the end it completes the cycle", () => {
    const at = { interval_ms: HOUR, full_cycle_ms: 10 * HOUR };
    const shorter = ranked.slice(0, 400);
    const mid = takeCycleSlice(shorter, () => false, { ...at, offset: 300 });
    expect(mid.start).toBe(300);
    expect(mid.names[0]!.domain).toBe(shorter[300]!.domain);
    const past = takeCycleSlice(shorter, () => false, { ...at, offset: 900 });
    expect(past).toMatchObject({ names: [], start: 400, next: 0, wrapped: true });
    const empty = takeCycleSlice([], () => false, { ...at, offset: 0 });
    expect(empty).toMatchObject({ names: [], total: 0, wrapped: true });
  });

  it("a slice that takes the last candidate completes the cycle even when covered names follow it", () => {
    const lastFree = ranked.slice(0, 10);
    const s = takeCycleSlice(lastFree, (d) => d >= "c00005.com", {
      offset: 0,
      interval_ms: 1,
      full_cycle_ms: 1,
    });
    expect(s.names.map((n) => n.domain)).toEqual(["c00000.com", "c00001.com", "c00002.com", "c00003.com", "c00004.com"]); // prettier-ignore
    expect(s).toMatchObject({ next: 0, wrapped: true });
  });

  it("adds nothing without a cycle in the request (the top names only, as before)", () => {
    const { names, cycle } = buildRoundList(request(), 100, () => ranked);
    expect(cycle).toBeNull();
    expect(names).toHaveLength(100);
  });

  it("spreads what is left of a cycle over the rounds that still fit before it is due", () => {
    const clock = { offset: 0, interval_ms: HOUR, full_cycle_ms: 4 * HOUR };
    // On time: 1,000 left, three hours and three rounds left.
    expect(roundShare(1000, 4000, { ...clock, remaining_ms: 3 * HOUR, round_ms: HOUR })).toBe(334);
    // Rounds running two hours each: two fit, each takes half.
    expect(roundShare(1000, 4000, { ...clock, remaining_ms: 4 * HOUR, round_ms: 2 * HOUR })).toBe(500);
    // Overdue (the worker was away): the round takes all that is left.
    expect(roundShare(1000, 4000, { ...clock, remaining_ms: 0, round_ms: HOUR })).toBe(1000);
    // A round never counts shorter than the interval.
    expect(roundShare(1000, 4000, { ...clock, remaining_ms: 2 * HOUR, round_ms: 60_000 })).toBe(500);
    // Without the clock: the rest over full cycle / interval rounds.
    expect(roundShare(1000, 4000, clock)).toBe(sliceSize(4000, HOUR, 4 * HOUR));
    expect(roundShare(0, 4000, { ...clock, remaining_ms: 0 })).toBe(0);
  });

  it("takes a round's share from the slice's offset on, so a late cycle catches up", () => {
    const ranked = candidates(1000);
    const late = takeCycleSlice(ranked, () => false, {
      offset: 600,
      interval_ms: HOUR,
      full_cycle_ms: 4 * HOUR,
      remaining_ms: HOUR,
      round_ms: HOUR,
    });
    expect(late.names).toHaveLength(400); // the 400 left, in the one round left
    expect(late).toMatchObject({ start: 600, next: 0, wrapped: true });
  });
});
