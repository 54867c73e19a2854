import { describe, expect, it } from "vitest";
import { generateScenario } from "../scenario/generate.ts";
import { campaignTruth } from "../scenario/truth.ts";
import { ctImpersonators, impersonatorNames } from "./ct-log-content.ts";

describe("the CT log's impersonators in the world's truth", () => {
  it("belong to the planted campaign whose hosting, kit, registrar and registration day they share", () => {
    const scenario = generateScenario({
      brand: "Acme Bank",
      domain: "acmebank.com",
      lookalikes: 60,
      seed: "ct-truth",
      now: new Date("2025-06-01T00:00:00.000Z"),
    });
    const impersonators = ctImpersonators(scenario, new Date("2025-06-01T00:00:00.000Z"));
    expect(impersonators.map((l) => l.domain)).toEqual(impersonatorNames("acmebank"));
    const truth = campaignTruth({ ...scenario, lookalikes: [...scenario.lookalikes, ...impersonators] });
    for (const l of impersonators) {
      const copied = scenario.lookalikes.find(
        (t) =>
          t.campaign_id &&
          t.dns.a.join() === l.dns.a.join() &&
          t.registration.registrar === l.registration.registrar &&
          t.registration.created === l.registration.created,
      );
      expect(copied, l.domain).toBeDefined();
      expect(truth.campaignOf.get(l.domain), l.domain).toBe(copied!.campaign_id);
    }
  });
});
