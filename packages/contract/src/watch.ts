import { z } from "zod";
import { ZDomainName, ZId } from "./common.ts";
import { ZDomainFindingFields } from "./findings.ts";
import { ZLifecycleState } from "./monitoring.ts";
import { ZDomainProfile } from "./scan.ts";

/**
 * The watch between scans (worker `POST /watch`): the web app sends a user's watch list, the
 * worker re-resolves it with DNS only, re-checks the tracked lookalikes' pages cheaply, and sends
 * what it saw back as `watch_update` events.
 */

/** What a cheap page fetch says about a site: compared between watches to spot content changes. */
const ZWatchFingerprint = z.object({
  http_status: z.number().int().nullable(),
  final_url: z.string().max(2000).nullable(),
  page_title: z.string().max(500).nullable(),
  login_form: z.boolean().nullable(),
  password_form: z.boolean().nullable(),
  parked: z.boolean().nullable(),
  html_hash: z.string().max(200).nullable(),
});
export type TWatchFingerprint = z.infer<typeof ZWatchFingerprint>;

/** A tracked, registered (or taken-down) lookalike whose page the watch re-checks. */
const ZWatchTracked = z.object({
  domain: ZDomainName,
  state: ZLifecycleState,
  fingerprint: ZWatchFingerprint.nullable(),
});
export type TWatchTracked = z.infer<typeof ZWatchTracked>;

/**
 * Where the round's slice of the full candidate set starts (issue 28): every candidate beyond the
 * top `max_names` is re-resolved once per `full_cycle_ms`, a slice per round. The web app keeps the
 * position (from the last completed round's stats) and the cycle's clock; the worker, which alone
 * knows the candidate count, sizes the slice so the candidates left are spread over the rounds left.
 */
const ZWatchCycle = z.object({
  /** Position in the ranked candidate list where this round's slice starts (0: a new cycle). */
  offset: z.number().int().min(0).max(10_000_000),
  /** How often rounds start (WATCH_INTERVAL). */
  interval_ms: z.number().int().min(1),
  /** Every candidate is checked at least once per this long (WATCH_FULL_CYCLE). */
  full_cycle_ms: z.number().int().min(1),
  /**
   * Time left until this cycle is due (0: overdue); with `round_ms`, the rounds left to finish it
   * in. Absent: the slice assumes a round every `interval_ms` from the cycle's start.
   */
  remaining_ms: z.number().int().min(0).optional(),
  /** Time between round starts as they go (the interval, or longer when rounds take longer). */
  round_ms: z.number().int().min(1).optional(),
});
export type TWatchCycle = z.infer<typeof ZWatchCycle>;

export const ZWatchRequest = z.object({
  watch_id: ZId,
  user_id: ZId,
  brand_name: z.string().trim().min(1).max(200),
  keywords: z.array(z.string().trim().toLowerCase().min(1).max(100)).max(200),
  owned_domains: z.array(ZDomainName).min(1).max(50),
  domain_profiles: z.array(ZDomainProfile).max(50),
  /** Names an analyst pinned: re-resolved on every round whatever their prior risk. */
  pinned: z.array(ZDomainName).max(1000),
  /** Known names that are not registered (or no longer): re-resolved with the watch list. */
  unregistered: z.array(ZDomainName).max(10_000),
  /** Registered lookalikes to re-check for content changes, and taken-down ones to check for re-emergence. */
  tracked: z.array(ZWatchTracked).max(10_000),
  /** Names already tracked as registered and live: left out of the DNS round. */
  skip: z.array(ZDomainName).max(50_000).default([]),
  /** Cap on generated permutations re-resolved (highest prior risk first); default the worker's WATCH_MAX_NAMES. */
  max_names: z.number().int().min(0).max(100_000).optional(),
  /** The full-cycle slice; absent: only the top names (no cycle). */
  cycle: ZWatchCycle.optional(),
});
export type TWatchRequest = z.infer<typeof ZWatchRequest>;

/** A finding as the watch builds it: evidence and score for one name, no screenshot bytes. */
export const ZWatchFinding = ZDomainFindingFields.partial().extend({ domain: ZDomainName });
export type TWatchFinding = z.infer<typeof ZWatchFinding>;

/**
 * One name the watch looked at. `registered`: a watched name now resolves (with its enriched,
 * scored finding). `checked`: a tracked lookalike re-checked: its DNS state, whether its site
 * answers, its fingerprint, and, when the content changed, a fresh finding.
 */
const ZWatchObservation = z.object({
  domain: ZDomainName,
  kind: z.enum(["registered", "checked"]),
  /** `cycle`: found by the slice of the full candidate set, beyond the top names. */
  source: z.enum(["watchlist", "pinned", "tracked", "cycle"]),
  resolve_status: z.enum(["registered", "unregistered", "unknown"]),
  /** The site answered with a page (status below 400); null: not fetched. */
  reachable: z.boolean().nullable(),
  content_changed: z.boolean(),
  fingerprint: ZWatchFingerprint.nullable(),
  finding: ZWatchFinding.nullable(),
  checked_at: z.iso.datetime({ offset: true }),
});
export type TWatchObservation = z.infer<typeof ZWatchObservation>;

const ZWatchStats = z.object({
  names: z.number().int().min(0),
  pinned: z.number().int().min(0),
  tracked: z.number().int().min(0),
  registered: z.number().int().min(0),
  content_checked: z.number().int().min(0),
  content_changed: z.number().int().min(0),
  enriched: z.number().int().min(0),
  dns_queries: z.number().int().min(0),
  duration_ms: z.number().min(0),
  /** The cycle (when the request had one): candidates in the ranked list, the slice's names. */
  cycle_total: z.number().int().min(0).optional(),
  cycle_slice: z.number().int().min(0).optional(),
  /** Positions in the ranked list: where the slice started, and where the next one starts (0 after a wrap). */
  cycle_start: z.number().int().min(0).optional(),
  cycle_next: z.number().int().min(0).optional(),
  /** 1 when this round's slice reached the end of the list: a cycle completed. */
  cycle_wrapped: z.number().int().min(0).max(1).optional(),
  /** Seconds the round's DNS work takes at the paced rate (names / (WATCH_QPS × name servers)). */
  paced_seconds: z.number().min(0).optional(),
  /** 1 when that exceeds the interval: the round cannot finish before the next is due. */
  over_interval: z.number().int().min(0).max(1).optional(),
});
export type TWatchStats = z.infer<typeof ZWatchStats>;

/** `watch_update` event data: observations in batches; the last message has `done` and the stats. */
export const ZWatchUpdateData = z.object({
  watch_id: ZId,
  user_id: ZId,
  observations: z.array(ZWatchObservation).max(500),
  /** Tracked lookalikes re-checked with nothing to report. */
  unchanged: z.array(ZDomainName).max(10_000),
  done: z.boolean(),
  error: z.string().max(2000).optional(),
  stats: ZWatchStats.optional(),
});
export type TWatchUpdateData = z.infer<typeof ZWatchUpdateData>;
