/**
 * The contract's names and lists, without zod: the schemas build on these, and the browser UI
 * imports this module alone, so its bundle carries no validation library for a few constants.
 */

/** Severity bands on a 0-100 score (DESIGN.md). */
export const SEVERITIES = ["info", "low", "medium", "high", "critical"] as const;
export type TSeverity = (typeof SEVERITIES)[number];

export const LABELS = ["confirmed", "benign"] as const;
export type TLabel = (typeof LABELS)[number];

export const SCAN_STATUSES = ["pending", "queued", "running", "completed", "failed", "cancelled"] as const;
export type TScanStatus = (typeof SCAN_STATUSES)[number];

const TERMINAL_SCAN_STATUSES: readonly TScanStatus[] = ["completed", "failed", "cancelled"];
export function isTerminalScanStatus(status: TScanStatus): boolean {
  return TERMINAL_SCAN_STATUSES.includes(status);
}

/** The stages of a scan, in order; resume restarts at the first one not `completed`. */
export const SCAN_STAGES = ["generate", "resolve", "enrich", "social", "score", "audit"] as const;
export type TScanStage = (typeof SCAN_STAGES)[number];

export const SOCIAL_PLATFORMS = [
  "x",
  "instagram",
  "facebook",
  "tiktok",
  "linkedin",
  "youtube",
  "github",
  "reddit",
  "telegram",
  "threads",
  "mastodon",
  "bluesky",
] as const;
export type TSocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const AI_PROVIDERS = ["openai", "anthropic"] as const;

/**
 * dnstwist's fuzzers, in its output order: the worker runs them first, and the test world's
 * scenarios name their lookalikes' permutation families by them.
 */
export const DNSTWIST_FUZZERS = [
  "addition",
  "bitsquatting",
  "cyrillic",
  "homoglyph",
  "hyphenation",
  "insertion",
  "omission",
  "plural",
  "repetition",
  "replacement",
  "subdomain",
  "transposition",
  "vowel-swap",
  "various",
  "dictionary",
  "tld-swap",
] as const;

/**
 * Every fuzzer the worker runs, in its output order (dnstwist's first); a finding's `fuzzer` is
 * one of these. The worker's descriptions are keyed by this list.
 */
export const FUZZER_NAMES = [
  ...DNSTWIST_FUZZERS,
  "change-order",
  "double-replacement",
  "mapped",
  "hyphen-omission",
  "dot-omission",
  "dot-hyphen",
  "vowel-shuffle",
  "double-vowel-insertion",
  "misspelling",
  "homophone",
  "numeral-swap",
  "combosquatting",
  "keyword-tld",
  "token-swap",
  "wrong-tld",
  "typo-tld",
  "combo-tld",
  "wrong-sld",
  "added-tld",
  "faux-tld",
  "free-host",
  "subdomain-glue",
  "confusables",
] as const;
export type TFuzzerName = (typeof FUZZER_NAMES)[number];

export function isFuzzerName(name: string): name is TFuzzerName {
  return (FUZZER_NAMES as readonly string[]).includes(name);
}

/** How a finding compares with the previous completed scan of the same user. */
export const CHANGE_KINDS = ["new", "changed", "unchanged", "reappeared", "gone"] as const;

/**
 * Where a tracked lookalike stands: watched but not registered; registered (parked or inactive);
 * live (serving a site); malicious (confirmed by an analyst or by hard evidence); a takedown was
 * requested; down (no longer registered or no longer served); re-emerged after being down.
 */
export const LIFECYCLE_STATES = [
  "unregistered",
  "registered",
  "live",
  "malicious",
  "takedown_requested",
  "down",
  "reemerged",
] as const;
