import { describe, expect, it } from "vitest";
import { smallScenario } from "../../testing/test-world.ts";
import { parseScenario } from "./load.ts";

const valid = () => JSON.parse(JSON.stringify(smallScenario({ lookalikes: 10 })));

describe("scenario schema", () => {
  it("accepts a generated scenario and fills defaults", () => {
    const s = valid();
    delete s.lookalikes[0].dns.wildcard;
    delete s.services;
    const parsed = parseScenario(s);
    expect(parsed.lookalikes[0]!.dns.wildcard).toBe(false);
    expect(parsed.services.social).toEqual([]);
  });

  it("names the bad field by its path", () => {
    const s = valid();
    s.lookalikes[3].site_kind = "phish";
    s.lookalikes[4].dns.a = ["300.1.1.1"];
    s.lookalikes[5].registration.abuse_email = "nope";
    s.lookalikes[6].domain = "Upper.COM";
    const err = (() => {
      try {
        parseScenario(s);
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    })();
    expect(err).toContain("lookalikes[3].site_kind");
    expect(err).toContain("lookalikes[4].dns.a[0]");
    expect(err).toContain("lookalikes[5].registration.abuse_email");
    expect(err).toContain("lookalikes[6].domain");
  });

  it("rejects duplicate domains and a primary domain that is not owned", () => {
    const s = valid();
    s.lookalikes[1].domain = s.lookalikes[0].domain;
    expect(() => parseScenario(s)).toThrow(/duplicate domain/);
    const t = valid();
    t.brand.primary_domain = "elsewhere.com";
    expect(() => parseScenario(t)).toThrow(/primary_domain/);
  });
});
