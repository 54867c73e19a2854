import { describe, expect, it } from "vitest";
import { KNOWN_PROVIDER_DESKS, KNOWN_REGISTRY_DESKS, knownDesksFor, registryDeskFor } from "./abuse-desks.ts";

describe("known abuse desks", () => {
  it("finds a CDN by its origin AS and a shared host by the CNAME the site points at", () => {
    expect(knownDesksFor([13335], []).map((d) => [d.organisation, d.channel, d.role])).toEqual([["Cloudflare", "form", "cdn"]]); // prettier-ignore
    expect(knownDesksFor([], ["evil.example.com", "d111111abcdef8.cloudfront.net."]).map((d) => d.address)).toEqual(["abuse@amazonaws.com"]); // prettier-ignore
    expect(knownDesksFor([], ["acme-login.github.io"]).map((d) => d.organisation)).toEqual(["GitHub Pages"]);
    // A suffix matches on a label boundary only.
    expect(knownDesksFor([64500], ["notgithub.io"])).toEqual([]);
  });

  it("names the registry operator of a TLD for escalation", () => {
    expect(registryDeskFor("acme-login.com")?.organisation).toBe("VeriSign");
    expect(registryDeskFor("acme-login.org.")?.address).toBe("abuse@pir.org");
    expect(registryDeskFor("acme-login.zz")).toBeNull();
  });

  it("has one desk per address and forms as https URLs", () => {
    const all = [...KNOWN_PROVIDER_DESKS, ...KNOWN_REGISTRY_DESKS];
    expect(new Set(all.map((d) => d.address)).size).toBe(all.length);
    for (const d of all)
      expect(d.address).toMatch(d.channel === "form" ? /^https:\/\// : /^[^@\s]+@[^@\s]+$/);
  });
});
