import { describe, expect, it } from "vitest";
import { DOMAIN_FINDING_FIELDS, DOMAIN_SORT_COLUMNS, SOCIAL_FINDING_FIELDS } from "./finding-fields.ts";
import { ZStoredDomainFinding, ZStoredSocialFinding } from "./findings.ts";

const sorted = (names: readonly string[]) => [...names].sort();

describe("finding field lists", () => {
  it("name exactly the fields the stored finding schemas give a type, each once", () => {
    expect(sorted(DOMAIN_FINDING_FIELDS)).toEqual(sorted(Object.keys(ZStoredDomainFinding.shape)));
    expect(sorted(SOCIAL_FINDING_FIELDS)).toEqual(sorted(Object.keys(ZStoredSocialFinding.shape)));
    expect(new Set(DOMAIN_FINDING_FIELDS).size).toBe(DOMAIN_FINDING_FIELDS.length);
    expect(new Set(SOCIAL_FINDING_FIELDS).size).toBe(SOCIAL_FINDING_FIELDS.length);
  });

  it("sort the table by its field columns, in reading order, never by identity or structured values", () => {
    expect(DOMAIN_SORT_COLUMNS.slice(0, 3)).toEqual(["domain", "domain_unicode", "original_domain"]);
    expect(DOMAIN_SORT_COLUMNS).toContain("adjusted_score");
    expect(DOMAIN_SORT_COLUMNS).toContain("registration_created");
    for (const field of ["id", "scan_id", "signals", "provenance", "threat_feed_hits", "changes"])
      expect(DOMAIN_SORT_COLUMNS).not.toContain(field);
    const order = DOMAIN_SORT_COLUMNS.map((c) => DOMAIN_FINDING_FIELDS.indexOf(c));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
