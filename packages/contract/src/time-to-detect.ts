import { z } from "zod";
import { ZIsoDate } from "./common.ts";

/**
 * Time-to-detect (issue 28): how long after its registration Brandwarden first saw a lookalike,
 * by the source that saw it first (the words for it: detection-words.ts).
 */

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
