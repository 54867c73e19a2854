import { describe, expect, it } from "vitest";
import { domainFacts, nextState } from "./lifecycle.ts";
import { maliciousBecause } from "./malicious-evidence.ts";

const up = { present: true, reachable: true, live: true, malicious: false };
const parked = { present: true, reachable: true, live: false, malicious: false };
const gone = { present: false, reachable: null, live: false, malicious: false };

describe("lookalike lifecycle", () => {
  it("follows unregistered → registered → live → malicious", () => {
    expect(nextState(null, gone)).toBe("unregistered");
    expect(nextState("unregistered", parked)).toBe("registered");
    expect(nextState("registered", up)).toBe("live");
    expect(nextState("live", { ...up, malicious: true })).toBe("malicious");
    // Confirmed malicious stays so while it is up, even if the evidence fades.
    expect(nextState("malicious", parked)).toBe("malicious");
  });

  it("goes down after a takedown request once the name or the site is gone, and re-emerges", () => {
    expect(nextState("takedown_requested", up)).toBe("takedown_requested");
    expect(nextState("takedown_requested", { ...up, reachable: false, live: false })).toBe("down");
    expect(nextState("takedown_requested", gone)).toBe("down");
    expect(nextState("down", { ...up, reachable: false })).toBe("down");
    expect(nextState("down", gone)).toBe("down");
    expect(nextState("down", up)).toBe("reemerged");
    expect(nextState("reemerged", up)).toBe("reemerged");
    expect(nextState("reemerged", gone)).toBe("down");
  });

  it("a registered lookalike that disappears is down, not unregistered", () => {
    expect(nextState("live", gone)).toBe("down");
    expect(nextState("registered", gone)).toBe("down");
  });

  it("derives the facts from a finding", () => {
    expect(
      domainFacts({
        resolve_status: "registered",
        dns_a: ["10.0.0.1"],
        http_status: 200,
        parked: true,
        malicious: false,
      }),
    ).toEqual(parked);
    expect(
      domainFacts({ resolve_status: "registered", dns_a: ["10.0.0.1"], http_status: null, malicious: false })
        .reachable,
    ).toBe(false);
    // Mail only: no address, so no site to judge.
    expect(
      domainFacts({ resolve_status: "registered", dns_a: [], http_status: null, malicious: false }).reachable,
    ).toBeNull();
    expect(
      domainFacts({ resolve_status: "registered", dns_a: ["10.0.0.1"], http_status: 404, malicious: false })
        .reachable,
    ).toBe(false);
  });

  it("counts only hard evidence as malicious", () => {
    expect(maliciousBecause({ label: "confirmed" })).toBe("confirmed by an analyst");
    expect(maliciousBecause({ threat_feed_hits: [{ feed: "openphish" }] })).toBe("listed by a threat feed");
    expect(maliciousBecause({ login_form: true, html_similarity: 0.75 })).toMatch(/credential form/);
    expect(maliciousBecause({ login_form: true, html_similarity: 0.3 })).toBeNull();
    expect(maliciousBecause({ login_form: true, html_similarity: 0.9, redirects_to_brand: true })).toBeNull();
  });
});
