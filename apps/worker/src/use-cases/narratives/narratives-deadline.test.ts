import { describe, expect, it } from "vitest";
import { WORKER_TIMEOUTS } from "@brandwarden/contract/worker-api";
import { NARRATIVES_DEADLINE_MS } from "./narratives.routes.ts";

// The web reads a worker answer for 15 s at most (contract part 8); campaign narratives must be
// answered before that, with room for the answer to travel, whatever the model's speed.
describe("campaign narratives deadline", () => {
  it("ends below the web's read timeout, with a margin", () => {
    expect(NARRATIVES_DEADLINE_MS).toBeLessThanOrEqual(WORKER_TIMEOUTS.readMs - 2_000);
    expect(NARRATIVES_DEADLINE_MS).toBeGreaterThan(0);
  });
});
