import { describe, expect, it } from "vitest";
import { aiDemotionBadge, describeAiDemotion } from "./ai-demotion.ts";

describe("describing an AI demotion to the analyst", () => {
  it("says how far the AI lowered a finding", () => {
    const d = {
      proposed: -15,
      from_score: 85,
      to_score: 70,
      from_severity: "critical" as const,
      to_severity: "high" as const,
      held_by: [],
    };
    expect(describeAiDemotion(d)).toBe("Lowered by AI from critical 85 to high 70 (-15)");
    expect(aiDemotionBadge(d)).toBe("AI lowered");
  });

  it("says which hard evidence held a demotion in the band", () => {
    const d = {
      proposed: -15,
      from_score: 85,
      to_score: 80,
      from_severity: "critical" as const,
      to_severity: "critical" as const,
      held_by: ["threat_feed_hit", "brand_login_form"],
    };
    expect(describeAiDemotion(d)).toBe(
      "AI asked for -15; held at critical 80 by hard evidence: threat-feed hit, login form naming the brand",
    );
    expect(aiDemotionBadge(d)).toBe("AI overruled");
  });
});
