import type { TDetectionFacts } from "@brandwarden/contract/time-to-detect";
import type { TrackedRow } from "../../db/rows.ts";

// Time-to-detect of one tracked lookalike (pure; the repository's per-source medians apply the
// same rule in SQL): first seen minus registered, for names registered once monitoring began.

type DetectionColumns = Pick<
  TrackedRow,
  "registered_at" | "cert_first_seen_at" | "first_seen_at" | "discovered_by"
>;

/**
 * `monitoringStart`: when Brandwarden began looking for the user (first scan, watch round or owned
 * domain). A name registered before it was found by the first look that could see it: that is
 * "pre-existing", not a detection time.
 */
export function detectionOf(t: DetectionColumns, monitoringStart: Date | null): TDetectionFacts {
  const registered = t.registered_at;
  const preExisting = Boolean(registered && monitoringStart && registered < monitoringStart);
  return {
    registered_at: registered?.toISOString() ?? null,
    cert_first_seen_at: t.cert_first_seen_at?.toISOString() ?? null,
    first_seen_at: t.first_seen_at.toISOString(),
    first_seen_by: t.discovered_by,
    time_to_detect_ms:
      registered && !preExisting ? Math.max(0, t.first_seen_at.getTime() - registered.getTime()) : null,
    pre_existing: preExisting,
  };
}
