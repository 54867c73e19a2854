import { describe, expect, it } from "vitest";
import { capUserShare, perUserCap } from "./sample-share.ts";

describe("a user's share of a shared sample", () => {
  it("is at most 20 % of the sample's maximum", () => {
    expect(perUserCap(500)).toBe(100);
    expect(perUserCap(3)).toBe(1);
  });

  it("drops one user's labels beyond the cap, keeping the newest first and the others' labels", () => {
    // 500 fresh labels of one account in front of 60 older labels of two real customers.
    const flood = Array.from({ length: 500 }, (_, i) => ({ user: "attacker", i }));
    const real = Array.from({ length: 60 }, (_, i) => ({ user: i % 2 ? "a" : "b", i: 500 + i }));
    const kept = capUserShare([...flood, ...real], (s) => s.user, 500);
    expect(kept).toHaveLength(160);
    expect(kept.filter((s) => s.user === "attacker").map((s) => s.i)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
    expect(kept.filter((s) => s.user !== "attacker")).toEqual(real);
    const share = kept.filter((s) => s.user === "attacker").length / 500;
    expect(share).toBeLessThanOrEqual(0.2);
  });

  it("stops at the maximum", () => {
    const many = Array.from({ length: 900 }, (_, i) => ({ user: `u${i % 9}` }));
    expect(capUserShare(many, (s) => s.user, 500)).toHaveLength(500);
  });
});
