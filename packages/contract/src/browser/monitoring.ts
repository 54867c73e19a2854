import { z } from "zod";
import { ZDomainName, ZId, ZIsoDate } from "../common.ts";
import { ZStoredDomainFinding, ZStoredSocialFinding } from "../findings.ts";
import { ZChangeCounts, ZLifecycleState, ZObservation, ZTrackedLookalike } from "../monitoring.ts";
import { ZDetectionFacts, ZSourceTimeToDetect } from "../time-to-detect.ts";

/**
 * Monitoring's JSON (the UI pages of the same paths open on a browser navigation): tracked
 * lookalikes and their timelines, a finding with its change, pins for the watch, the last watch
 * round, and what changed since the last scan.
 */

const ZKind = z.enum(["domain", "social"]);

/** `GET /lookalikes[?state=&kind=&q=&page=]`. */
export const ZLookalikesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  state: ZLifecycleState.optional(),
  kind: ZKind.optional(),
  q: z.string().trim().max(200).optional(),
});

/** `GET /findings/:id[?kind=social]`. */
export const ZFindingKindQuery = z.object({ kind: ZKind.default("domain") });

/** `POST /lookalikes/:id/confirm`: an analyst confirms it malicious, optionally saying why. */
export const ZConfirmRequest = z.object({ note: z.string().trim().max(1000).optional() }).default({});

/** `POST /monitoring/pins`: a name the watch re-resolves on every round. */
export const ZPinRequest = z.object({
  domain: ZDomainName,
  note: z.string().trim().max(500).optional(),
});

const ZAnyFinding = z.union([ZStoredDomainFinding, ZStoredSocialFinding]);

/** `GET /lookalikes`: one page, and how many the user has in each state. */
export const ZLookalikesPage = z.object({
  lookalikes: z.array(ZTrackedLookalike),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
  by_state: z.record(z.string(), z.number().int()),
});
export type TLookalikesPage = z.infer<typeof ZLookalikesPage>;

/** `GET /lookalikes/:id`: the lookalike, its latest evidence and finding, its timeline. */
export const ZLookalikeDetail = z.object({
  lookalike: ZTrackedLookalike,
  evidence: z.record(z.string(), z.unknown()),
  finding: ZAnyFinding.nullable(),
  timeline: z.array(ZObservation),
  /** Registered, certificate first seen, first seen by which source, and the time between. */
  detection: ZDetectionFacts,
});
export type TLookalikeDetail = z.infer<typeof ZLookalikeDetail>;

/** `POST /lookalikes/:id/confirm`: the lookalike after the analyst's move. */
export const ZLookalikeMoved = z.object({ lookalike: ZTrackedLookalike });

/** `GET /findings/:id`: a finding with its change, its lookalike (if tracked) and timeline. */
export const ZFindingDetail = z.object({
  finding: ZAnyFinding,
  lookalike: ZTrackedLookalike.nullable(),
  timeline: z.array(ZObservation),
});
export type TFindingDetail = z.infer<typeof ZFindingDetail>;

const ZPin = z.object({ domain: z.string(), note: z.string().nullable(), created_at: ZIsoDate });
/** `GET /monitoring/pins`. */
export const ZPins = z.object({ pins: z.array(ZPin) });
/** `POST /monitoring/pins` (201). */
export const ZPinCreated = z.object({ pin: ZPin });

/**
 * Where the watch's full cycle stands (issue 28): every candidate is re-resolved once per
 * `full_cycle_ms`, a slice per round; `checked` of `total` so far this cycle, and when it should
 * complete at the slices' rate. `over_interval`: a round's paced DNS work (`paced_seconds`) takes
 * longer than the interval between rounds.
 */
const ZWatchCycleView = z.object({
  checked: z.number().int().min(0),
  total: z.number().int().min(0),
  /** Null right after a cycle completed: the next starts with the next round. */
  started_at: ZIsoDate.nullable(),
  completes_at: ZIsoDate.nullable(),
  cycles_completed: z.number().int().min(0),
  last_completed_at: ZIsoDate.nullable(),
  interval_ms: z.number().min(0),
  full_cycle_ms: z.number().min(0),
  paced_seconds: z.number().min(0).nullable(),
  over_interval: z.boolean(),
});
export type TWatchCycleView = z.infer<typeof ZWatchCycleView>;

/** `GET /monitoring/watch`: the user's last watch round (null before the first) and the full cycle (null before its first round). */
export const ZWatchView = z.object({
  last_round: z
    .object({
      id: ZId,
      status: z.enum(["running", "completed", "failed"]),
      error: z.string().nullable(),
      stats: z.record(z.string(), z.number()).nullable(),
      started_at: ZIsoDate,
      finished_at: ZIsoDate.nullable(),
    })
    .nullable(),
  cycle: ZWatchCycleView.nullable(),
});
export type TWatchView = z.infer<typeof ZWatchView>;

/**
 * `GET /monitoring/time_to_detect`: the median time from registration to detection per source
 * that saw the user's lookalikes first (domains only), with counts.
 */
export const ZTimeToDetectView = z.object({ sources: z.array(ZSourceTimeToDetect) });
export type TTimeToDetectView = z.infer<typeof ZTimeToDetectView>;

/**
 * `GET /dashboard/changes[?scan_id=]`: what changed since the previous scan (the newest scan
 * without `scan_id`); `computed` is false until the scan completed.
 */
export const ZChangesView = z.object({
  scan_id: ZId.nullable(),
  computed: z.boolean(),
  previous_scan_id: ZId.nullable(),
  counts: ZChangeCounts.nullable(),
  social_counts: ZChangeCounts.nullable(),
  findings: z.array(ZStoredDomainFinding),
  social_findings: z.array(ZStoredSocialFinding),
});
export type TChangesView = z.infer<typeof ZChangesView>;
