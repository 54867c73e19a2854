import { AppError } from "@brandwarden/platform/http/app-error";
import type { IntelObjectsQuery } from "./intel.repository.ts";

/** TAXII pages: the default and the most objects one answer holds. */
const TAXII_DEFAULT_LIMIT = 100;
const TAXII_MAX_LIMIT = 1000;

const STIX_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const STIX_TYPE = /^[a-z0-9][a-z0-9-]{1,249}$/;
const STIX_ID = /^[a-z0-9][a-z0-9-]+--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const bad = (message: string) => new AppError("invalid", message);

const timestampOf = (value: string, what: string): Date => {
  if (!STIX_TIMESTAMP.test(value) || Number.isNaN(Date.parse(value)))
    throw bad(`${what} must be a timestamp like 2026-01-31T12:00:00.000Z`);
  return new Date(value);
};

const listOf = (value: unknown): string[] | undefined =>
  typeof value === "string"
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

/** The `next` of a page: where the page ended, opaque to clients. */
export const nextToken = (r: { date_added: Date; object_id: string; modified: Date }) =>
  Buffer.from(JSON.stringify([r.date_added.toISOString(), r.object_id, r.modified.toISOString()])).toString(
    "base64url",
  );

function cursorOf(token: string): IntelObjectsQuery["after"] {
  try {
    const [a, o, m] = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as unknown[];
    if (typeof a === "string" && typeof o === "string" && typeof m === "string" && STIX_ID.test(o))
      return { dateAdded: timestampOf(a, "next"), objectId: o, modified: timestampOf(m, "next") };
  } catch {
    // falls through to the error below
  }
  throw bad("next is not a token this server gave");
}

/**
 * The filters of a TAXII objects/manifest read (TAXII 2.1, 3.5): `added_after`, `limit`, `next`,
 * `match[type]`, `match[id]`, `match[version]` (`last` by default, `first`, `all`, or versions),
 * `match[spec_version]` (only 2.1 is served). Anything malformed is a 400 error message.
 */
export function taxiiQueryOf(raw: unknown, opts: { id?: string } = {}): IntelObjectsQuery {
  const q = (raw ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(q))
    if (typeof v !== "string" && k !== "user_id")
      throw bad(`${k} may be given once (values joined by commas)`);
  const str = (k: string) => (typeof q[k] === "string" ? (q[k] as string) : undefined);
  let limit = TAXII_DEFAULT_LIMIT;
  if (str("limit") !== undefined) {
    if (!/^\d+$/.test(str("limit")!) || Number(str("limit")) < 1)
      throw bad("limit must be a positive integer");
    limit = Math.min(Number(str("limit")), TAXII_MAX_LIMIT);
  }
  const types = listOf(q["match[type]"]);
  if (types?.some((t) => !STIX_TYPE.test(t))) throw bad("match[type] holds a name that is not a STIX type");
  const ids = listOf(q["match[id]"]);
  if (ids?.some((i) => !STIX_ID.test(i))) throw bad("match[id] holds a value that is not a STIX id");
  const versions = (listOf(q["match[version]"]) ?? ["last"]).map((v) =>
    v === "last" || v === "first" || v === "all" ? v : timestampOf(v, "match[version]"),
  );
  const specVersions = listOf(q["match[spec_version]"]);
  const added = str("added_after");
  const next = str("next");
  return {
    addedAfter: added === undefined ? undefined : timestampOf(added, "added_after"),
    types,
    ids: opts.id ? [opts.id] : ids,
    versions: specVersions && !specVersions.includes("2.1") ? [] : versions,
    after: next ? cursorOf(next) : undefined,
    limit,
  };
}
