/**
 * Coverage against the sandbox world: the world registers lookalikes the way real campaigns do,
 * typos and combosquats under other TLDs included (acm-ebank.live, serviceacmebank.de). A scan only
 * finds what the engine generates, so most served lookalikes must be among the permutations.
 */
import { generateScenario } from "@brandwarden/world/scenario/generate";
import type { Scenario } from "@brandwarden/world/scenario/schema";
import { smallScenario } from "@brandwarden/world/testing/test-world";
import { describe, expect, it } from "vitest";
import { generatePermutations } from "./generate.ts";

const MIN_SHARE = 0.9;

/** Lookalikes the world serves (an address, no DNS fault), and those the engine does not generate. */
function coverage(scenario: Scenario): { served: number; misses: string[] } {
  const generated = new Set(
    generatePermutations(scenario.brand.primary_domain, { keywords: ["bank"] }).permutations.map(
      (p) => p.domain,
    ),
  );
  const served = scenario.lookalikes.filter((l) => (l.dns.a?.length ?? 0) > 0 && !l.dns.fault);
  const misses = served.filter((l) => !generated.has(l.domain)).map((l) => `${l.domain} (${l.fuzzer})`);
  return { served: served.length, misses };
}

function expectCovered(scenario: Scenario): void {
  const { served, misses } = coverage(scenario);
  const share = 1 - misses.length / served;
  expect(served).toBeGreaterThan(20);
  expect(
    share,
    `generated ${served - misses.length} of ${served} served lookalikes ` +
      `(${(share * 100).toFixed(1)}%); missing:\n  ${misses.join("\n  ")}`,
  ).toBeGreaterThanOrEqual(MIN_SHARE);
}

describe("coverage of a generated world's lookalikes", () => {
  it("generates at least 90% of smallScenario()'s served lookalikes", () => {
    expectCovered(smallScenario());
  });

  it("generates at least 90% of a 1,000-lookalike world's served lookalikes", () => {
    expectCovered(
      generateScenario({ brand: "Acme Bank", domain: "acmebank.com", lookalikes: 1000, seed: "x" }),
    );
  });
});
