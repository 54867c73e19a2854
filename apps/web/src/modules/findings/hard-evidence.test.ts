import { describe, expect, it } from "vitest";
import { adjustScore, bandFloor, hardEvidenceOf } from "./hard-evidence.ts";

describe("hard evidence", () => {
  it("names a threat-feed hit, a login or password form on a page naming the brand, the brand in the certificate", () => {
    expect(hardEvidenceOf({ threat_feed_hits: [{ feed: "openphish" }] })).toEqual(["threat_feed_hit"]);
    expect(hardEvidenceOf({ login_form: true, brand_in_page: true })).toEqual(["brand_login_form"]);
    expect(hardEvidenceOf({ password_form: true, brand_in_page: true })).toEqual(["brand_login_form"]);
    expect(hardEvidenceOf({ brand_in_cert: true })).toEqual(["brand_in_cert"]);
    expect(
      hardEvidenceOf({
        threat_feed_hits: [{}],
        password_form: true,
        brand_in_page: true,
        brand_in_cert: true,
      }),
    ).toEqual(["threat_feed_hit", "brand_login_form", "brand_in_cert"]);
  });

  it("does not count a form without the brand, the brand without a form, or empty feed hits", () => {
    expect(hardEvidenceOf({ login_form: true, brand_in_page: false })).toEqual([]);
    expect(hardEvidenceOf({ brand_in_page: true })).toEqual([]);
    expect(hardEvidenceOf({ threat_feed_hits: [], brand_in_cert: null })).toEqual([]);
  });
});

describe("adjusting a score after the AI review", () => {
  it("stops a demotion of a finding with hard evidence at the floor of its band", () => {
    expect(adjustScore(85, -15, ["threat_feed_hit"])).toEqual({ adjusted_score: 80, held: true });
    expect(adjustScore(61, -15, ["brand_in_cert"])).toEqual({ adjusted_score: 60, held: true });
    expect(adjustScore(95, -10, ["brand_in_cert"])).toEqual({ adjusted_score: 85, held: false }); // stays in band
    expect(adjustScore(10, -15, ["threat_feed_hit"])).toEqual({ adjusted_score: 0, held: false }); // info floor is 0
  });

  it("applies demotions without hard evidence, and promotions always, clamped to 0-100", () => {
    expect(adjustScore(85, -15, [])).toEqual({ adjusted_score: 70, held: false });
    expect(adjustScore(95, 15, ["threat_feed_hit"])).toEqual({ adjusted_score: 100, held: false });
    expect(adjustScore(5, -15, [])).toEqual({ adjusted_score: 0, held: false });
  });

  it("knows each band's floor", () => {
    expect([
      bandFloor("critical"),
      bandFloor("high"),
      bandFloor("medium"),
      bandFloor("low"),
      bandFloor("info"),
    ]).toEqual([80, 60, 40, 20, 0]);
  });
});
