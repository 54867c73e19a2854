import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DOMAIN_FINDING_DERIVED_FIELDS,
  DOMAIN_FINDING_FIELDS,
  DOMAIN_SORT_COLUMNS,
  SOCIAL_FINDING_DERIVED_FIELDS,
  SOCIAL_FINDING_FIELDS,
} from "@brandwarden/contract/finding-fields";
import { domainFindings, socialFindings } from "../../db/schema.ts";

/** Columns the web application keeps for itself: the owner, blob keys, the raw AI adjustment, when labelled. */
const INTERNAL_COLUMNS = ["user_id", "screenshot_key", "avatar_key", "ai_adjustment", "labeled_at"];

const stored = (fields: readonly string[], derived: readonly string[]) =>
  fields.filter((f) => !derived.includes(f)).sort();
const columnsOf = (table: typeof domainFindings | typeof socialFindings) =>
  Object.keys(getTableColumns(table))
    .filter((c) => !INTERNAL_COLUMNS.includes(c))
    .sort();

describe("the contract's finding fields and the finding tables", () => {
  it("store every field of a domain finding but the derived ones in a column of its own, and nothing else", () => {
    expect(stored(DOMAIN_FINDING_FIELDS, DOMAIN_FINDING_DERIVED_FIELDS)).toEqual(columnsOf(domainFindings));
  });

  it("store every field of a social finding but the derived ones in a column of its own, and nothing else", () => {
    expect(stored(SOCIAL_FINDING_FIELDS, SOCIAL_FINDING_DERIVED_FIELDS)).toEqual(columnsOf(socialFindings));
  });

  it("sort the findings table only by columns of the domain findings table", () => {
    const columns = getTableColumns(domainFindings);
    expect(DOMAIN_SORT_COLUMNS.filter((c) => !(c in columns))).toEqual([]);
  });
});
