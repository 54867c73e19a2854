import { v5 } from "uuid";

/**
 * STIX 2.1 identifiers. SDOs and SROs get UUIDv5 ids, stable per lookalike, campaign and brand,
 * under Brandwarden's own namespace (the validator prefers UUIDv4; stable ids are what let a
 * consumer see a new version of the same indicator). SCOs use the spec's own rule (2.9): UUIDv5
 * under the STIX namespace over the canonical JSON (RFC 8785) of their id-contributing properties.
 */

/** STIX 2.1 section 2.9: the namespace of deterministic SCO ids. */
const STIX_SCO_NAMESPACE = "00abedb4-aa42-466c-9c01-fed23315a9b7";
/** Brandwarden's namespace for its SDO and SRO ids (a fixed random UUID, never to change). */
export const BRANDWARDEN_NAMESPACE = "6b1e0f1c-3c2a-4a8e-9d4f-2f1b7c5e8a90";

/** RFC 9562 version 5 (SHA-1, name-based) UUID of `name` in `namespace`. */
export const uuidv5 = (namespace: string, name: string): string => v5(name, namespace);

/**
 * RFC 8785 canonical JSON of the flat objects SCO ids are made of (string values only here):
 * keys sorted by code unit, no whitespace; JSON.stringify escapes strings as RFC 8785 does.
 */
function canonicalJson(value: Record<string, string>): string {
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(value[k])}`).join(",")}}`;
}

/** The id of an SCO from its id-contributing properties (e.g. `{value}` for domain-name). */
export const scoId = (type: string, contributing: Record<string, string>): string =>
  `${type}--${uuidv5(STIX_SCO_NAMESPACE, canonicalJson(contributing))}`;

/** A stable SDO/SRO id: the same key always names the same object (across versions). */
export const stableId = (type: string, key: string): string =>
  `${type}--${uuidv5(BRANDWARDEN_NAMESPACE, `${type}:${key}`)}`;
