import { z } from "zod";

/**
 * TAXII 2.1 resources (OASIS TAXII Version 2.1, CS01, sections 3.6, 4.1, 4.2, 5.1–5.6), as the
 * server answers them under `application/taxii+json;version=2.1`. Field names are the spec's.
 */

/** 4.1.1 discovery: the server's title and the API roots it offers. */
export const ZTaxiiDiscovery = z.object({
  title: z.string(),
  description: z.string().optional(),
  contact: z.string().optional(),
  default: z.string().optional(),
  api_roots: z.array(z.string()).optional(),
});

/** 4.2.1 api-root. */
export const ZTaxiiApiRoot = z.object({
  title: z.string(),
  description: z.string().optional(),
  versions: z.array(z.string()),
  max_content_length: z.number().int(),
});

/** 5.2.1 collection. */
export const ZTaxiiCollection = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  alias: z.string().optional(),
  can_read: z.boolean(),
  can_write: z.boolean(),
  media_types: z.array(z.string()).optional(),
});
export type TTaxiiCollection = z.infer<typeof ZTaxiiCollection>;

/** 5.1.1 collections. */
export const ZTaxiiCollections = z.object({ collections: z.array(ZTaxiiCollection).optional() });

/** 3.7 envelope: one page of STIX objects (each a STIX 2.1 object, kept as sent). */
export const ZTaxiiEnvelope = z.object({
  more: z.boolean().optional(),
  next: z.string().optional(),
  objects: z.array(z.record(z.string(), z.unknown())).optional(),
});

/** 5.3.1 manifest-record and manifest. */
const ZTaxiiManifestRecord = z.object({
  id: z.string(),
  date_added: z.string(),
  version: z.string(),
  media_type: z.string().optional(),
});
export const ZTaxiiManifest = z.object({
  more: z.boolean().optional(),
  /** Where the next page starts (as in the envelope; clients page manifests the same way). */
  next: z.string().optional(),
  objects: z.array(ZTaxiiManifestRecord).optional(),
});

/** 5.7.1 versions. */
export const ZTaxiiVersions = z.object({
  more: z.boolean().optional(),
  versions: z.array(z.string()).optional(),
});

/** 3.6.1 error message (`http_status` is a string in TAXII 2.1). */
export const ZTaxiiError = z.object({
  title: z.string(),
  description: z.string().optional(),
  error_id: z.string().optional(),
  error_code: z.string().optional(),
  http_status: z.string().optional(),
  external_details: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type TTaxiiError = z.infer<typeof ZTaxiiError>;
