// The values `scan`'s --format and --stages accept: used by the command's definition (help text),
// the flag checks and the output, so they sit apart from all three.

export const SCAN_FORMATS = ["cli", "json", "jsonl", "csv", "list"] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

/** Stages a run may leave out; generate and resolve always run (everything else needs them). */
export const OPTIONAL_STAGES = ["enrich", "screenshots", "social", "score", "audit"] as const;
