import { z } from "zod";
import { ZDomainName, ZId, ZIsoDate, ZScore, ZSeverity } from "./common.ts";
import { CHANGE_KINDS, LIFECYCLE_STATES } from "./constants.ts";

/**
 * Continuous monitoring: how each finding moved since the user's previous scan, and where each
 * tracked lookalike stands in its lifecycle.
 */

export const ZChangeKind = z.enum(CHANGE_KINDS);
export type TChangeKind = z.infer<typeof ZChangeKind>;

/** A value before or after a change: text, a number, a flag, a list of names, or unknown. */
const ZChangeValue = z.union([
  z.string().max(2000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(500)).max(200),
  z.null(),
]);
export type TChangeValue = z.infer<typeof ZChangeValue>;

/** One field that moved: `{field, before, after}` (e.g. `{field: "dns_a", before: [..], after: [..]}`). */
export const ZFieldChange = z.object({
  field: z.string().max(50),
  before: ZChangeValue,
  after: ZChangeValue,
  /** For page content and screenshots: how alike the two looks are, 0..1. */
  similarity: z.number().min(0).max(1).optional(),
});
export type TFieldChange = z.infer<typeof ZFieldChange>;

export const ZLifecycleState = z.enum(LIFECYCLE_STATES);
export type TLifecycleState = z.infer<typeof ZLifecycleState>;

/** What put an entry on a lookalike's timeline. */
const OBSERVATION_EVENTS = [
  "first_seen",
  "registered",
  "changed",
  "gone",
  "reappeared",
  "down",
  "reemerged",
  "takedown_requested",
  "confirmed_malicious",
  "state_changed",
] as const;
const ZObservationEvent = z.enum(OBSERVATION_EVENTS);

const OBSERVATION_SOURCES = ["scan", "watch", "analyst", "ct", "zone", "nrd"] as const;
const ZObservationSource = z.enum(OBSERVATION_SOURCES);

/** Counts of a scan's findings per change kind. */
export const ZChangeCounts = z.object({
  new: z.number().int().min(0),
  changed: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  reappeared: z.number().int().min(0),
  gone: z.number().int().min(0),
});
export type TChangeCounts = z.infer<typeof ZChangeCounts>;

export function emptyChangeCounts(): TChangeCounts {
  return { new: 0, changed: 0, unchanged: 0, reappeared: 0, gone: 0 };
}

/** One entry of a tracked lookalike's timeline. */
export const ZObservation = z.object({
  id: ZId,
  at: ZIsoDate,
  source: ZObservationSource,
  event: ZObservationEvent,
  state: ZLifecycleState,
  scan_id: ZId.nullable(),
  finding_id: ZId.nullable(),
  changes: z.array(ZFieldChange),
  note: z.string().nullable(),
});
export type TObservation = z.infer<typeof ZObservation>;

/** A lookalike followed across scans and watches. */
export const ZTrackedLookalike = z.object({
  id: ZId,
  kind: z.enum(["domain", "social"]),
  name: z.string(),
  domain: ZDomainName.nullable(),
  platform: z.string().nullable(),
  handle: z.string().nullable(),
  state: ZLifecycleState,
  /** The source that saw it first: `scan`, `watch`, `pinned`, `ct`, `zone`, `nrd`. */
  discovered_by: z.string(),
  first_seen_at: ZIsoDate,
  /** RDAP/WHOIS creation date, when known. */
  registered_at: ZIsoDate.nullable(),
  /** When its certificate first appeared (CT logged time, else the earliest validity start seen). */
  cert_first_seen_at: ZIsoDate.nullable(),
  last_seen_at: ZIsoDate.nullable(),
  last_checked_at: ZIsoDate.nullable(),
  state_changed_at: ZIsoDate,
  score: ZScore.nullable(),
  severity: ZSeverity.nullable(),
  last_scan_id: ZId.nullable(),
  last_finding_id: ZId.nullable(),
  takedown_requested_at: ZIsoDate.nullable(),
  down_at: ZIsoDate.nullable(),
  reemerged_at: ZIsoDate.nullable(),
  pinned: z.boolean(),
  link: z.string(),
});
export type TTrackedLookalike = z.infer<typeof ZTrackedLookalike>;
