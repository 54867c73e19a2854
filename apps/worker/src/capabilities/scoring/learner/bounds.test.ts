import { describe, expect, it } from "vitest";
import { boundWeights, weightBand } from "./bounds.ts";

describe("the bounds of one fit", () => {
  it("keeps a weight within x/÷ 2 of its reference, on the reference's side of zero", () => {
    expect(weightBand(15)).toEqual([7.5, 30]);
    expect(weightBand(-12)).toEqual([-24, -6]);
    expect(weightBand(0)).toEqual([0, 0]);
  });

  it("cannot flip the sign of an evidence signal (the poisoned fit of issue 27)", () => {
    const defaults = { login_form: 15, screenshot_similarity: 14, threat_feed_hit: 30, parked: -12 };
    const poisoned = { login_form: -3.7, screenshot_similarity: -4.7, threat_feed_hit: 11.3, parked: 40 };
    expect(boundWeights(poisoned, [defaults])).toEqual({
      login_form: 7.5,
      screenshot_similarity: 7,
      threat_feed_hit: 15,
      parked: -6,
    });
  });

  it("keeps a weight that moved less than the factor as fitted (rounded to cents)", () => {
    expect(boundWeights({ login_form: 20.004, mx_present: 4 }, [{ login_form: 15, mx_present: 6 }])).toEqual({
      login_form: 20,
      mx_present: 4,
    });
  });

  it("bounds against every reference in turn: the set replaced, then the anchor (which wins)", () => {
    // Replaced set 28 (band 14..56), anchor 15 (band 7.5..30): a fit of 60 stops at 30.
    expect(boundWeights({ w: 60 }, [{ w: 28 }, { w: 15 }])).toEqual({ w: 30 });
    // Replaced set 10 (band 5..20) and anchor 15 (7.5..30): a fit of 2 stops at 7.5.
    expect(boundWeights({ w: 2 }, [{ w: 10 }, { w: 15 }])).toEqual({ w: 7.5 });
  });

  it("holds a signal an admin set to 0 at 0, and leaves signals no reference names", () => {
    expect(boundWeights({ off: 9, fresh: 3 }, [{ off: 0 }, null])).toEqual({ off: 0, fresh: 3 });
  });
});
