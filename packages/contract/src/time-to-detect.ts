import { z } from "zod";
import { ZIsoDate } from "./common.ts";

/**
 * Time-to-detect (issue 28): how long after its registration Brandwarden first saw a lookalike,
 * by the source that saw it first, and the words the UI and the alerts use for those sources.
 */

/** Sources that can see a lookalike first (a tracked lookalike's `discovered_by`). */
export const DETECTION_SOURCES = ["scan", "watch", "pinned", "ct", "zone", "nrd"] as const;
export type TDetectionSource = (typeof DETECTION_SOURCES)[number];

/** Each source by name, as a table row heads it. */
export const DETECTION_SOURCE_NAMES: Record<TDetectionSource, string> = {
  scan: "Scans",
  watch: "The watch",
  pinned: "Pinned names (watch)",
  ct: "Certificate Transparency",
  zone: "Zone files",
  nrd: "Newly registered domains list",
};

/**
 * "found by the watch", "found in the .com zone file"; `zone` is the zone file's TLD when known.
 * Unknown sources are named as they are.
 */
export function foundByPhrase(source: string, zone?: string | null): string {
  switch (source) {
    case "scan":
      return "found by a scan";
    case "watch":
      return "found by the watch";
    case "pinned":
      return "found by the watch (pinned)";
    case "ct":
      return "found by Certificate Transparency";
    case "zone":
      return zone ? `found in the .${zone.replace(/^\./, "")} zone file` : "found in a zone file";
    case "nrd":
      return "found in the newly registered domains list";
    default:
      return `found by ${source}`;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration in words an analyst reads at a glance: "< 1 min", "40 min", "3 h", "2 d 4 h", "45 d". */
export function humanDuration(ms: number): string {
  const t = Math.max(0, ms);
  if (t < MINUTE) return "< 1 min";
  if (t < HOUR) return `${Math.floor(t / MINUTE)} min`;
  if (t < DAY) return `${Math.floor(t / HOUR)} h`;
  const days = Math.floor(t / DAY);
  const hours = Math.floor((t % DAY) / HOUR);
  return days < 10 && hours ? `${days} d ${hours} h` : `${days} d`;
}

/**
 * One lookalike's detection: registered (RDAP/WHOIS creation date), certificate first seen, first
 * seen and by which source. `time_to_detect_ms` is first seen minus registered (never negative);
 * null when the creation date is unknown or the name was registered before monitoring began
 * (`pre_existing`: found by the first look, not detected as it happened).
 */
export const ZDetectionFacts = z.object({
  registered_at: ZIsoDate.nullable(),
  cert_first_seen_at: ZIsoDate.nullable(),
  first_seen_at: ZIsoDate,
  first_seen_by: z.string(),
  time_to_detect_ms: z.number().min(0).nullable(),
  pre_existing: z.boolean(),
});
export type TDetectionFacts = z.infer<typeof ZDetectionFacts>;

/** One source's figures: the median over the lookalikes it saw first with a known creation date. */
export const ZSourceTimeToDetect = z.object({
  source: z.string(),
  /** Lookalikes with a measured time (registered after monitoring began, date known). */
  detected: z.number().int().min(0),
  median_ms: z.number().min(0).nullable(),
  /** Registered before monitoring began: found at the first look. */
  pre_existing: z.number().int().min(0),
  /** Creation date unknown (no RDAP/WHOIS answer yet). */
  unknown: z.number().int().min(0),
});
export type TSourceTimeToDetect = z.infer<typeof ZSourceTimeToDetect>;
