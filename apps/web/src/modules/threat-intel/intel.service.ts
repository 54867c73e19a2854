import { createHash, randomUUID } from "node:crypto";
import { LOOKALIKE_COLLECTION } from "@brandwarden/contract/intel-words";
import type { Db } from "../../db/client.ts";
import type { ScanRow } from "../../db/rows.ts";
import type { CampaignsService } from "../findings/campaigns.service.ts";
import { intelInputOf } from "./intel-input.ts";
import type { IntelObjectRow, IntelObjectsQuery, IntelRepository } from "./intel.repository.ts";
import { buildIntelObjects, stamp, VERSIONED_TYPES, type StixObject } from "./stix-builder.ts";
import { BRANDWARDEN_NAMESPACE, uuidv5 } from "./stix-ids.ts";
import { withSuccessors } from "./successors.ts";

/** JSON with keys sorted at every level: the same content always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

/** The version-independent content of an object: everything but its version times. */
function contentHash(o: Record<string, unknown>): string {
  const { created: _c, modified: _m, ...content } = o;
  return createHash("sha256").update(canonical(content)).digest("hex");
}

/** The next version time: now, or 1 ms after the previous version when the clock has not moved on. */
const nextVersionTime = (now: Date, previous?: Date) =>
  previous && previous.getTime() >= now.getTime() ? new Date(previous.getTime() + 1) : now;

/**
 * A user's threat-intel feed: the STIX objects of their current lookalikes (the newest completed
 * scan's findings at or above their severity floor), versioned in `intel_objects` so TAXII
 * clients see a new `modified` only when content changed, and a revoked version when an SDO left.
 */
export function createIntelService(deps: {
  db: Db;
  repo: IntelRepository;
  campaigns: Pick<CampaignsService, "forScan">;
  publicUrl: string;
}) {
  const { repo } = deps;
  const collection = LOOKALIKE_COLLECTION;

  async function objectsOf(userId: string, scan: ScanRow | null): Promise<StixObject[]> {
    const user = await repo.user(userId);
    if (!user) return [];
    const [domains, social, campaigns] = scan
      ? await Promise.all([
          repo.domainFindings(scan.id),
          repo.socialFindings(scan.id),
          deps.campaigns.forScan(scan.id),
        ])
      : [[], [], []];
    const [tracked, takenDown] = await Promise.all([repo.tracked(userId), repo.takenDown(userId)]);
    return buildIntelObjects(
      intelInputOf({ user, publicUrl: deps.publicUrl, domains, social, tracked, takenDown, campaigns }),
    );
  }

  /**
   * Brings the stored versions up to the user's current objects (serialized per user): a new
   * version for each object whose content changed, a revoked version of each SDO/SRO that left.
   * SCOs cannot be revoked in STIX: one that left keeps its last version (what was observed
   * stays true); a revoked object never published before is not published at all; an object
   * that returns after its revocation is published under a successor id (successors.ts).
   */
  async function sync(userId: string): Promise<void> {
    const built = await objectsOf(userId, await repo.newestCompletedScan(userId));
    await deps.db.transaction(async (tx) => {
      await repo.lock(tx, userId, collection);
      const latest = new Map((await repo.latest(tx, userId, collection)).map((r) => [r.object_id, r]));
      const now = new Date();
      const current = withSuccessors(built, latest);
      const rows: Array<IntelObjectRow> = [];
      const version = (o: StixObject, prev: IntelObjectRow | undefined) => {
        const modified = nextVersionTime(now, prev?.modified);
        const created = prev?.object.created ? new Date(prev.object.created as string) : modified;
        const object = stamp(o, created, modified);
        rows.push({
          user_id: userId,
          collection,
          object_id: o.id,
          modified,
          date_added: now,
          type: o.type,
          content_hash: contentHash(object),
          object,
        });
      };
      const seen = new Set<string>();
      for (const o of current) {
        seen.add(o.id);
        const prev = latest.get(o.id);
        if (prev ? prev.content_hash === contentHash(o) : o.revoked === true) continue;
        // STIX never un-revokes: a returning object came out of withSuccessors under a new id.
        if (prev?.object.revoked === true) continue;
        version(o, prev);
      }
      for (const [id, prev] of latest) {
        if (seen.has(id) || !VERSIONED_TYPES.has(prev.type) || prev.object.revoked === true) continue;
        const { created: _c, modified: _m, ...content } = prev.object;
        version({ ...(content as StixObject), revoked: true }, prev);
      }
      await repo.insert(tx, rows);
    });
  }

  return {
    sync,
    /** The user's one collection id: a UUID stable per user. */
    collectionId: (userId: string) => uuidv5(BRANDWARDEN_NAMESPACE, `collection:${userId}:${collection}`),
    find: (userId: string, q: IntelObjectsQuery) => repo.find(userId, collection, q),
    versions: (userId: string, objectId: string) => repo.versions(userId, collection, objectId),

    /**
     * One scan's objects as a STIX bundle. An object whose content was published keeps that
     * version's times; content never published is stamped with the scan's end (after its
     * latest published version), so a bundle never holds two contents under one version.
     */
    async bundle(
      userId: string,
      scan: ScanRow,
    ): Promise<{ type: "bundle"; id: string; objects: StixObject[] }> {
      await sync(userId);
      const latest = new Map((await repo.latest(deps.db, userId, collection)).map((r) => [r.object_id, r]));
      const objects = withSuccessors(await objectsOf(userId, scan), latest);
      const stored = await repo.versionsOf(
        userId,
        collection,
        objects.map((o) => o.id),
      );
      const byId = new Map<string, IntelObjectRow[]>();
      for (const r of stored) byId.set(r.object_id, [...(byId.get(r.object_id) ?? []), r]);
      const at = scan.completed_at ?? scan.created_at;
      const out = objects.map((o) => {
        const versions = byId.get(o.id) ?? [];
        const hash = contentHash(o);
        const same = versions.find((v) => v.content_hash === hash);
        if (same) return same.object as StixObject;
        const first = versions[0]?.object.created;
        const lastModified = versions.at(-1)?.modified;
        const created = first ? new Date(first as string) : at;
        const modified = nextVersionTime(at.getTime() < created.getTime() ? created : at, lastModified);
        return stamp(o, created, modified);
      });
      return { type: "bundle", id: `bundle--${randomUUID()}`, objects: out };
    },
  };
}

export type IntelService = ReturnType<typeof createIntelService>;
