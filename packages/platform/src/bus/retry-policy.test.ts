import { describe, expect, it } from "vitest";
import { decideRetry, type RetryCount, type RetryDecision } from "./retry-policy.ts";

const policy = { maxDeliveries: 3, retryBaseMs: 500, retryMaxMs: 30_000 };
const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const poison = new Error("invalid input syntax for type uuid");

/** Feeds `errors` through the policy as one entry's consecutive failures. */
function run(errors: unknown[]): RetryDecision[] {
  let count: RetryCount = { failures: 0, outage: 0 };
  return errors.map((err) => {
    const decision = decideRetry(policy, count, err);
    count = decision.count;
    return decision;
  });
}

describe("decideRetry", () => {
  it("waits out a connection error for as long as it lasts, backing off up to the cap", () => {
    const decisions = run(Array.from({ length: 1000 }, () => refused));
    expect(decisions.every((d) => d.action === "retry" && d.transient)).toBe(true);
    const delays = decisions.map((d) => (d.action === "retry" ? d.delayMs : -1));
    expect(delays.slice(0, 8)).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(Math.max(...delays)).toBe(30_000);
  });

  it("dead-letters a poison entry after maxDeliveries failures", () => {
    expect(run([poison, poison, poison]).map((d) => d.action)).toEqual(["retry", "retry", "dead_letter"]);
  });

  it("does not count an outage towards the poison limit, and starts the backoff over after it", () => {
    const decisions = run([poison, refused, refused, refused, refused, poison, poison]);
    expect(decisions.map((d) => d.action)).toEqual([
      "retry",
      "retry",
      "retry",
      "retry",
      "retry",
      "retry",
      "dead_letter",
    ]);
    expect(decisions[1]).toMatchObject({ delayMs: 500, transient: true });
    expect(decisions[5]).toMatchObject({ delayMs: 1000, transient: false });
  });

  it("takes another rule of what is transient", () => {
    const decision = decideRetry(
      { ...policy, maxDeliveries: 1, isTransient: () => true },
      { failures: 0, outage: 0 },
      poison,
    );
    expect(decision.action).toBe("retry");
  });
});
