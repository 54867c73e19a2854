// The words for time-to-detect (issue 28) the UI and the alerts share: the sources that can see a
// lookalike first, "found by ..." phrases and human durations. No zod here: the UI bundle imports
// these (its schemas are in time-to-detect.ts, for the server).

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
