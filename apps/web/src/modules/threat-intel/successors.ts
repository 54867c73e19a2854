import { stableId } from "./stix-ids.ts";
import { VERSIONED_TYPES, type StixObject } from "./stix-builder.ts";

/** What the successor rule needs of an object's newest stored version. */
interface Latest {
  modified: Date;
  object: Record<string, unknown>;
}

/**
 * STIX never un-revokes an object: a lookalike that comes back after being revoked (it
 * re-emerged after a takedown, its benign label was lifted, it rose above the floor again) is
 * shared under a successor id, derived from the revoked id and the time it was revoked, so the
 * successor is the same on every sync (and revoked again, it gets its own successor). References
 * (`source_ref`, `target_ref`) follow their objects. Pure.
 */
export function withSuccessors(objects: StixObject[], latest: Map<string, Latest>): StixObject[] {
  const ids = new Map<string, string>();
  for (const o of objects) {
    if (!VERSIONED_TYPES.has(o.type) || o.revoked === true) continue;
    let id = o.id;
    for (let row = latest.get(id); row?.object.revoked === true; row = latest.get(id))
      id = stableId(o.type, `${id}:after:${row.modified.toISOString()}`);
    if (id !== o.id) ids.set(o.id, id);
  }
  if (!ids.size) return objects;
  const ref = (v: unknown) => (typeof v === "string" ? (ids.get(v) ?? v) : v);
  return objects.map((o) => {
    const out: StixObject = { ...o, id: ids.get(o.id) ?? o.id };
    if ("source_ref" in o) out.source_ref = ref(o.source_ref);
    if ("target_ref" in o) out.target_ref = ref(o.target_ref);
    return out;
  });
}
