import { describe, expect, it } from "vitest";
import { createStixValidator, stixShouldProblems } from "../../../test/stix-schemas.ts";
import {
  buildIntelObjects,
  stamp,
  type IntelDomain,
  type IntelInput,
  type StixObject,
} from "./stix-builder.ts";
import { scoId, uuidv5 } from "./stix-ids.ts";
import { tlpMarkingId } from "./tlp.ts";

const validate = createStixValidator();

const domain = (over: Partial<IntelDomain> = {}): IntelDomain => ({
  domain: "acmebank-login.com",
  trackedId: "0b6f1f2e-1111-4a4a-8b8b-222222222222",
  findingId: "0b6f1f2e-3333-4a4a-8b8b-444444444444",
  firstSeen: new Date("2026-11-01T10:00:00.000Z"),
  score: 87.4,
  severity: "high",
  label: null,
  takenDown: false,
  malicious: false,
  ipv4: ["203.0.113.7"],
  ipv6: ["2001:db8::7"],
  phishingUrl: "https://acmebank-login.com/signin?next=%2F",
  campaignId: "c-1",
  registrar: "Example Registrar",
  pageTitle: "Acme Bank — Sign in",
  ...over,
});

const input = (over: Partial<IntelInput> = {}): IntelInput => ({
  userId: "5f0c0d2e-aaaa-4bbb-8ccc-dddddddddddd",
  brand: "Acme Bank",
  tlp: "amber",
  minSeverity: "medium",
  publicUrl: "https://brandwarden.test",
  domains: [
    domain(),
    domain({ domain: "acme-bank.net", severity: "low", campaignId: null, phishingUrl: null }),
  ],
  social: [
    {
      platform: "twitter",
      handle: "AcmeBankHelp",
      findingId: "0b6f1f2e-5555-4a4a-8b8b-666666666666",
      trackedId: null,
      firstSeen: new Date("2026-11-02T00:00:00.000Z"),
      score: 70,
      severity: "medium",
      label: null,
      takenDown: false,
      displayName: "Acme Bank Support",
    },
  ],
  campaigns: [{ campaignId: "c-1", name: "Example Registrar wave", evidence: ["same registrar"] }],
  ...over,
});

const stamped = (objects: StixObject[]) =>
  objects.map((o) => stamp(o, new Date("2026-11-03T00:00:00.000Z"), new Date("2026-11-03T00:00:00.000Z")));
const byType = (objects: StixObject[], type: string) => objects.filter((o) => o.type === type);

describe("STIX 2.1 feed objects", () => {
  it("are valid under the OASIS STIX 2.1 schemas and keep the validator's shoulds", () => {
    const objects = stamped(buildIntelObjects(input()));
    expect(objects.length).toBeGreaterThan(8);
    for (const o of objects) {
      expect(validate(o), o.id).toEqual([]);
      expect(stixShouldProblems(o), o.id).toEqual([]);
    }
    expect(validate({ type: "bundle", id: `bundle--${crypto.randomUUID()}`, objects } as never)).toEqual([]);
  });

  it("holds an indicator per lookalike at or above the floor, with the phishing URL as a second indicator", () => {
    const objects = stamped(buildIntelObjects(input()));
    const indicators = byType(objects, "indicator");
    const patterns = indicators.map((i) => i.pattern).sort();
    expect(patterns).toEqual([
      "[domain-name:value = 'acmebank-login.com']",
      "[url:value = 'https://acmebank-login.com/signin?next=%2F']",
      "[user-account:account_type = 'twitter' AND user-account:account_login = 'AcmeBankHelp']",
    ]);
    const main = indicators.find((i) => String(i.pattern).startsWith("[domain-name"))!;
    expect(main).toMatchObject({
      pattern_type: "stix",
      valid_from: "2026-11-01T10:00:00.000Z",
      confidence: 87,
      indicator_types: ["anomalous-activity"],
      object_marking_refs: [tlpMarkingId("amber")],
      external_references: [
        {
          source_name: "brandwarden",
          url: "https://brandwarden.test/lookalikes/0b6f1f2e-1111-4a4a-8b8b-222222222222",
          external_id: "0b6f1f2e-1111-4a4a-8b8b-222222222222",
        },
      ],
    });
    expect(main.name).toContain("acmebank-login.com");
    expect(main.description).toContain("Acme Bank");
    // The low-severity lookalike is below the medium floor: not shared.
    expect(JSON.stringify(objects)).not.toContain("acme-bank.net");
  });

  it("links observables, campaign and brand, and carries the official TLP 2.0 marking", () => {
    const objects = stamped(buildIntelObjects(input({ tlp: "amber+strict" })));
    const dn = byType(objects, "domain-name")[0]!;
    const ipv4 = byType(objects, "ipv4-addr")[0]!;
    const ipv6 = byType(objects, "ipv6-addr")[0]!;
    expect(dn.resolves_to_refs).toEqual([ipv4.id, ipv6.id]);
    const campaign = byType(objects, "campaign")[0]!;
    const identity = byType(objects, "identity")[0]!;
    const rels = byType(objects, "relationship").map((r) => [
      r.source_ref,
      r.relationship_type,
      r.target_ref,
    ]);
    const domainIndicator = byType(objects, "indicator").find((i) =>
      String(i.pattern).startsWith("[domain"),
    )!;
    expect(rels).toContainEqual([domainIndicator.id, "indicates", campaign.id]);
    expect(rels).toContainEqual([campaign.id, "targets", identity.id]);
    const marking = byType(objects, "marking-definition");
    expect(marking).toEqual([
      {
        type: "marking-definition",
        spec_version: "2.1",
        id: "marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003",
        created: "2022-10-01T00:00:00.000Z",
        name: "TLP:AMBER+STRICT",
        extensions: {
          "extension-definition--60a3c5c5-0d10-413e-aab3-9e08dde9e88d": {
            extension_type: "property-extension",
            tlp_2_0: "amber+strict",
          },
        },
      },
    ]);
    for (const o of objects)
      if (o.type !== "marking-definition") expect(o.object_marking_refs).toEqual([marking[0]!.id]);
  });

  it("keeps ids stable per lookalike and user, and gives SCOs STIX's deterministic ids", () => {
    const a = buildIntelObjects(input());
    const b = buildIntelObjects(input({ domains: [domain({ score: 40, severity: "medium" })] }));
    const id = (os: StixObject[]) =>
      byType(os, "indicator").find((i) => String(i.pattern).startsWith("[domain"))!.id;
    expect(id(a)).toBe(id(b));
    expect(id(buildIntelObjects(input({ userId: "5f0c0d2e-aaaa-4bbb-8ccc-eeeeeeeeeeee" })))).not.toBe(id(a));
    // RFC 4122 appendix B's worked example of a version 5 UUID (DNS namespace, "www.example.com").
    expect(uuidv5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.example.com")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    );
    // The STIX 2.1 specification's own examples of deterministic SCO ids (2.9; Errata 01).
    expect(scoId("ipv4-addr", { value: "198.51.100.3" })).toBe(
      "ipv4-addr--28bb3599-77cd-5a82-a950-b5bc3caf07c4",
    );
    expect(scoId("domain-name", { value: "example.com" })).toBe(
      "domain-name--bedb4899-d24b-5401-bc86-8f6b4cc18ec7",
    );
    expect(byType(a, "domain-name")[0]!.id).toBe(scoId("domain-name", { value: "acmebank-login.com" }));
    expect(scoId("domain-name", { value: "acmebank-login.com" })).toMatch(
      /^domain-name--[0-9a-f-]{14}5[0-9a-f]{3}-[89ab]/,
    );
  });

  it("revokes the indicators of a lookalike labelled benign or taken down, and drops its observables", () => {
    for (const over of [{ label: "benign" }, { takenDown: true }]) {
      const objects = buildIntelObjects(input({ domains: [domain(over)] }));
      const indicators = byType(objects, "indicator").filter(
        (i) => !String(i.pattern).startsWith("[user-account"),
      );
      expect(indicators.map((i) => i.revoked)).toEqual([true, true]);
      expect(byType(objects, "domain-name")).toEqual([]);
      for (const o of stamped(objects)) expect(validate(o), o.id).toEqual([]);
    }
  });

  it("escapes quotes and backslashes in patterns", () => {
    const objects = buildIntelObjects(
      input({ domains: [domain({ phishingUrl: "https://acmebank-login.com/a'b\\c" })] }),
    );
    expect(byType(objects, "indicator").map((i) => i.pattern)).toContain(
      "[url:value = 'https://acmebank-login.com/a\\'b\\\\c']",
    );
  });
});
