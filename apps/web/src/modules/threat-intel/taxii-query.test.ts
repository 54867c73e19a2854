import { describe, expect, it } from "vitest";
import { nextToken, taxiiQueryOf } from "./taxii-query.ts";

const ID = "indicator--5e1f2b6a-7c1d-5e3f-9a2b-0c4d6e8f1a2b";

describe("TAXII 2.1 filters", () => {
  it("defaults to the last version of everything, 100 a page", () => {
    expect(taxiiQueryOf({})).toEqual({
      addedAfter: undefined,
      types: undefined,
      ids: undefined,
      versions: ["last"],
      after: undefined,
      limit: 100,
    });
  });

  it("reads added_after, limit (capped), match[type], match[id], match[version] lists", () => {
    const q = taxiiQueryOf({
      added_after: "2026-11-01T00:00:00.123Z",
      limit: "5000",
      "match[type]": "indicator,domain-name",
      "match[id]": ID,
      "match[version]": "first,2026-11-02T00:00:00.000Z",
    });
    expect(q.addedAfter?.toISOString()).toBe("2026-11-01T00:00:00.123Z");
    expect(q.limit).toBe(1000);
    expect(q.types).toEqual(["indicator", "domain-name"]);
    expect(q.ids).toEqual([ID]);
    expect(q.versions).toEqual(["first", new Date("2026-11-02T00:00:00.000Z")]);
  });

  it("round-trips its own next token and serves nothing for a spec version it does not hold", () => {
    const row = { date_added: new Date("2026-11-01T00:00:00.000Z"), object_id: ID, modified: new Date(1) };
    expect(taxiiQueryOf({ next: nextToken(row) }).after).toEqual({
      dateAdded: row.date_added,
      objectId: ID,
      modified: row.modified,
    });
    expect(taxiiQueryOf({ "match[spec_version]": "2.0" }).versions).toEqual([]);
    expect(taxiiQueryOf({ "match[spec_version]": "2.0,2.1" }).versions).toEqual(["last"]);
  });

  it.each([
    [{ limit: "0" }, /limit/],
    [{ limit: "ten" }, /limit/],
    [{ added_after: "2026-11-01" }, /added_after/],
    [{ "match[type]": "Indicator!" }, /match\[type\]/],
    [{ "match[id]": "indicator--nope" }, /match\[id\]/],
    [{ "match[version]": "latest" }, /match\[version\]/],
    [{ next: "eyJ4IjoxfQ" }, /next/],
    [{ "match[type]": ["indicator", "url"] }, /once/],
  ])("refuses %j", (query, message) => {
    expect(() => taxiiQueryOf(query)).toThrow(message);
  });
});
