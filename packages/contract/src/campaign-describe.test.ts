import { describe, expect, it } from "vitest";
import {
  campaignLabel,
  dateRange,
  describeCampaign,
  keyText,
  operatorName,
  registrarParts,
  registrarShortName,
} from "./campaign-describe.ts";

const utc = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h);

describe("dateRange", () => {
  it.each([
    [utc(2025, 10, 25), utc(2025, 10, 25, 23), "Oct 25"],
    [utc(2025, 10, 25), utc(2025, 10, 27), "Oct 25–27"],
    [utc(2025, 10, 25), utc(2025, 11, 2), "Oct 25 – Nov 2"],
    [utc(2024, 12, 30), utc(2025, 1, 3), "Dec 30, 2024 – Jan 3, 2025"],
    [utc(2025, 10, 27), utc(2025, 10, 25), "Oct 25–27"],
  ])("%s to %s reads %s", (a, b, text) => {
    expect(dateRange(a, b)).toBe(text);
  });
});

describe("operatorName and registrarShortName", () => {
  it.each([
    ["HOSTINGER-AS", "Hostinger"],
    ["STARK-INDUSTRIES", "Stark Industries"],
    ["AS-26496-GO-DADDY-COM-LLC", "Go Daddy"],
    ["DIGITALOCEAN-ASN", "Digitalocean"],
    ["OVH SAS", "OVH"],
    ["AS13335", null],
    ["", null],
    [null, null],
  ])("operator of %s is %s", (org, name) => {
    expect(operatorName(org)).toBe(name);
  });

  it.each([
    ["NameSilo, LLC", "NameSilo"],
    ["namecheap, inc.", "Namecheap"],
    ["GoDaddy.com, LLC", "GoDaddy.com"],
    ["MarkMonitor Inc.", "MarkMonitor"],
    ["PDR Ltd. d/b/a PublicDomainRegistry.com", "PDR"],
    ["gname.com pte. ltd.", "Gname.com"],
  ])("registrar %s is %s", (full, short) => {
    expect(registrarShortName(full)).toBe(short);
  });
});

describe("registrar keys of every stored shape", () => {
  it.each([
    ["namesilo, llc@2025-05-01", { name: "namesilo, llc", date: "2025-05-01" }],
    ["NameCheap|2025-05", { name: "NameCheap", date: "2025-05" }],
    ["NameCheap", { name: "NameCheap", date: null }],
    ["odd@name@2025-05-01", { name: "odd@name", date: "2025-05-01" }],
  ])("%s", (value, parts) => {
    expect(registrarParts(value)).toEqual(parts);
  });

  it("never prints undefined, and follows the burst window", () => {
    expect(keyText("registrar:NameCheap", 2, 2)).toBe(
      "registered at NameCheap within 48 hours of each other: both domains",
    );
    expect(keyText("registrar:NameCheap|2025-05", 2, 3, null, { registrationWindowHours: 72 })).toBe(
      "registered at NameCheap within 3 days of each other, from 2025-05: 2 of 3 domains",
    );
    expect(keyText("registrar:namesilo, llc@2025-05-01", 3, 3, null, { registrationWindowHours: 6 })).toBe(
      "registered at Namesilo within 6 hours of each other, from May 1, 2025: all 3 domains",
    );
  });
});

describe("describeCampaign", () => {
  const members = [
    {
      domain: "a.com",
      campaign_keys: [
        "ip:127.20.80.1",
        "registrar:namesilo, llc@2025-10-25",
        "cert:sha256:abcdef0123456789ff",
      ],
      registrar: "NameSilo, LLC",
      registration_created: "2025-10-25T03:00:00Z",
      asn_org: "HOSTINGER-AS",
      severity: "medium" as const,
    },
    {
      domain: "b.com",
      campaign_keys: ["ip:127.20.80.1", "registrar:namesilo, llc@2025-10-25"],
      registrar: "NameSilo, LLC",
      registration_created: new Date("2025-10-27T10:00:00Z"),
      asn_org: "HOSTINGER-AS",
      severity: "low" as const,
      adjusted_severity: "critical" as const,
    },
    {
      domain: "c.com",
      campaign_keys: ["ip:127.20.80.1"],
      registrar: null,
      registration_created: null,
      severity: null,
    },
  ];

  it("names the campaign by its most shared key, registration span and size", () => {
    const d = describeCampaign("cmp_1", members);
    expect(d.name).toBe("Hostinger 127.20.80.1 · registered Oct 25–27 · 3 domains");
    expect(d.kind).toBe("attack");
    expect(d.earliest_registration).toBe("2025-10-25T03:00:00.000Z");
    expect(d.latest_registration).toBe("2025-10-27T10:00:00.000Z");
  });

  it("says the shared keys in words, most shared first, leaving out keys only one member holds", () => {
    const d = describeCampaign("cmp_1", members);
    expect(d.evidence.map((e) => [e.text, e.members])).toEqual([
      ["same IP address 127.20.80.1 (Hostinger): all 3 domains", 3],
      ["registered at NameSilo within 48 hours of each other, from Oct 25, 2025: 2 of 3 domains", 2],
    ]);
  });

  it("takes the worst severity, the AI-adjusted one where there is one", () => {
    expect(describeCampaign("cmp_1", members).worst_severity).toBe("critical");
    expect(describeCampaign("cmp_1", members.slice(0, 1)).worst_severity).toBe("medium");
    expect(describeCampaign("cmp_1", [{ domain: "x.com", campaign_keys: null }]).worst_severity).toBeNull();
  });

  it("names a campaign with no dates and no known keys without inventing either", () => {
    const d = describeCampaign("cmp_2", [
      { domain: "x.com", campaign_keys: null },
      { domain: "y.com", campaign_keys: ["weird-key"] },
    ]);
    expect(d.name).toBe("Shared infrastructure · 2 domains");
    expect(d.evidence).toEqual([]);
    expect(d.earliest_registration).toBeNull();
  });

  it("calls the defensive group the brand's own and lists every member's reason", () => {
    const d = describeCampaign("def_0123", [
      { domain: "acmebank.net", campaign_keys: ["brand:ns"], registration_created: "2012-03-01T00:00:00Z" },
      {
        domain: "acmebank.org",
        campaign_keys: ["brand:redirect", "brand:registrar"],
        registration_created: "2019-06-01T00:00:00Z",
      },
    ]);
    expect(d.kind).toBe("defensive");
    expect(d.name).toBe(
      "Probably the brand's own registrations · registered Mar 1, 2012 – Jun 1, 2019 · 2 domains",
    );
    expect(d.name).not.toMatch(/operator|campaign/i);
    expect(d.evidence.map((e) => e.text).sort()).toEqual([
      "redirects to the brand's own site: 1 of 2 domains",
      "registered at a brand-protection registrar (MarkMonitor, CSC ...): 1 of 2 domains",
      "uses the brand's own name servers: 1 of 2 domains",
    ]);
  });

  it("labels a campaign by its name, or its id when it has none", () => {
    expect(campaignLabel({ campaign_id: "cmp_1", name: "Hostinger 1.2.3.4 · 3 domains" })).toBe(
      "Hostinger 1.2.3.4 · 3 domains",
    );
    expect(campaignLabel({ campaign_id: "cmp_1" })).toBe("cmp_1");
  });
});
