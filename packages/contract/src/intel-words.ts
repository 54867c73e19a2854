/**
 * Words of the threat-intel surface the UI shares with the server (zod-free, so the UI can import
 * them at runtime): TLP 2.0 markings, the exports the dashboard offers, the TAXII collection.
 */

/** TLP 2.0 (FIRST): what the feeds mark their objects with; default `amber`. */
export const TLP_LEVELS = ["clear", "green", "amber", "amber+strict", "red"] as const;
export type TTlp = (typeof TLP_LEVELS)[number];

/** The one TAXII collection every user has: their current lookalikes at or above a severity. */
export const LOOKALIKE_COLLECTION = "lookalike-indicators";

/**
 * The dashboard's export menu: `path?scan_id=…&format=…` for each, for domain and social findings
 * (`csv`, `json`, `jsonl` per table; the STIX bundle and the MISP event hold both tables).
 */
export const FINDINGS_EXPORTS = {
  domain: { path: "/dashboard/findings/export", formats: ["csv", "json", "jsonl"] },
  social: { path: "/dashboard/social/export", formats: ["csv", "json", "jsonl"] },
  stix: { path: "/exports/stix" },
  misp: { path: "/exports/misp" },
} as const;

/** Prefix of every personal API token (`bw_` + 43 base64url characters: 256 random bits). */
export const API_TOKEN_PREFIX = "bw_";

/** TAXII 2.1: the discovery resource, and the deployment's one API root (listed in discovery). */
export const TAXII_DISCOVERY_PATH = "/taxii2/";
export const TAXII_API_ROOT_PATH = "/taxii2/brandwarden/";
/** TAXII 2.1's media type, on every TAXII request and answer. */
export const TAXII_MEDIA_TYPE = "application/taxii+json;version=2.1";
