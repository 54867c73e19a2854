import type { TReportState, TScan, TScanStatusView } from "@brandwarden/contract/browser/scans";
import type { TScanStage } from "@brandwarden/contract/constants";
import type { ScanLogRow, ScanRow } from "../../db/rows.ts";

/** A scan as the dashboard shows it (`@brandwarden/contract/browser/scans`). */
export function presentScan(s: ScanRow): TScan {
  return {
    scan_id: s.id,
    user_id: s.user_id,
    status: s.status,
    stage_states: s.stage_states,
    resume_from_stage: s.resume_from_stage as TScanStage | null,
    error: s.error,
    created_at: s.created_at.toISOString(),
    started_at: s.started_at?.toISOString() ?? null,
    completed_at: s.completed_at?.toISOString() ?? null,
    ...(s.social_coverage?.length ? { social_coverage: s.social_coverage } : {}),
  };
}

/** `GET /dashboard/status`: the scan, its report's state and its log. */
export function presentScanStatus(status: {
  scan: ScanRow | null;
  report: TReportState | null;
  log: ScanLogRow[];
}): TScanStatusView {
  if (!status.scan) return { scan: null, report: null, log: [] };
  return {
    scan: presentScan(status.scan),
    report: status.report ? { status: status.report.status, error: status.report.error } : null,
    log: status.log.map((l) => ({
      level: l.level as TScanStatusView["log"][number]["level"],
      message: l.message,
      stage: l.stage,
      ts: l.ts.toISOString(),
    })),
  };
}
