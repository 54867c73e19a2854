import { z } from "zod";
import { ZId, ZIsoDate } from "../common.ts";
import { ZLogData } from "../events.ts";
import { ZScanStage, ZScanStatus, ZStageStates } from "../scan.ts";
import { ZSocialPlatformCoverage } from "../findings.ts";

/**
 * The scan lifecycle on the dashboard (`/dashboard/scans*`, `/dashboard/status`). Each works on
 * the signed-in user's scans, or an admin's acting for a user (`?user_id=`, or `user_id` in the
 * body of a start). `?scan_id=` names a scan (default: the newest); a malformed id is 404 like an
 * unknown one, and so is another user's scan.
 */

/** `POST /dashboard/scans`: start a scan (one at a time per user; 409 naming the one running). */
export const ZScanStart = z.object({ user_id: z.string().optional() }).default({});

/** A scan as the dashboard shows it. */
const ZScan = z.object({
  scan_id: ZId,
  user_id: ZId,
  status: ZScanStatus,
  stage_states: ZStageStates,
  /** The stage a resumed scan restarts at. */
  resume_from_stage: ZScanStage.nullable(),
  error: z.string().nullable(),
  created_at: ZIsoDate,
  started_at: ZIsoDate.nullable(),
  completed_at: ZIsoDate.nullable(),
  /** Social platforms this scan could not check logged-out, and why (absent: all checked). */
  social_coverage: z.array(ZSocialPlatformCoverage).optional(),
});
export type TScan = z.infer<typeof ZScan>;

/** `POST /dashboard/scans` (201). */
export const ZScanStarted = z.object({ scan_id: ZId, scan: ZScan });

/** `POST /dashboard/scans/:id/stop` and `/resume`: the scan after the move. */
export const ZScanMoved = z.object({ scan: ZScan });

/** `GET /dashboard/scans`: the user's scans, newest first (the last 50). */
export const ZScanList = z.object({ scans: z.array(ZScan) });

/** One line of a scan's log: the worker's `log` events. */
const ZLogLine = z.object({
  level: ZLogData.shape.level,
  message: z.string(),
  stage: z.string().nullable(),
  ts: ZIsoDate,
});
export type TLogLine = z.infer<typeof ZLogLine>;

/** Where the scan's PDF reports stand (`GET /reports/:scan_id` serves them once `ready`). */
const ZReportState = z.object({
  status: z.enum(["pending", "generating", "ready", "failed"]),
  error: z.string().nullable(),
});
export type TReportState = z.infer<typeof ZReportState>;

/**
 * `GET /dashboard/status[?scan_id=]`: the scan, its report and the last 100 lines of its log,
 * oldest first (the dashboard's poll when the event stream is not open); all empty without a scan.
 */
export const ZScanStatusView = z.object({
  scan: ZScan.nullable(),
  report: ZReportState.nullable(),
  log: z.array(ZLogLine),
});
export type TScanStatusView = z.infer<typeof ZScanStatusView>;
