import type { TEventOf } from "@brandwarden/contract/events";
import { isTerminalScanStatus } from "@brandwarden/contract/constants";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import { announceScanEnded, endedPatch, recordScanEnded, type AnnounceDeps } from "./scan-ended.ts";
import { ACTIVE_KEY_TTL_MS, activeKey } from "./active-key.ts";
import { mergeStageStates, nextScanStatus, stageStatusChanged } from "./stage-states.ts";
import type { ScanRow } from "../../db/rows.ts";

/**
 * When the worker said it: the heartbeat the stalled-scan check reads. After a web outage the
 * backlog is applied late, yet a worker that died long ago must still look silent.
 */
const sentAt = (ts: string) => new Date(Math.min(Date.now(), Date.parse(ts) || Date.now()));

/** Handles `scan_update`: progress into `stage_states`, status moves, terminal effects. */
export function createScanUpdateHandler(
  deps: AnnounceDeps & {
    db: Db;
    auditEvents: AuditEventsService;
    logger: Logger;
    /** Runs in the transaction that completes a scan; what it returns runs after commit (monitoring). */
    onCompleted?: (scan: ScanRow, tx: DbOrTx) => Promise<() => Promise<void>>;
    /** A worker that stopped gracefully gave the scan back: dispatch it again (scans service). */
    handedBack?: (scan: ScanRow) => Promise<void>;
  },
) {
  return async function onScanUpdate(message: TEventOf<"scan_update">): Promise<void> {
    const scanId = message.scan_id;
    if (!scanId) return;
    const outcome = await deps.db.transaction(async (tx) => {
      const scan = await deps.scans.lock(scanId, tx);
      if (!scan) return null;
      // A message for an ended scan: nothing to apply, but if the process that ended it died before
      // announcing it (this is the terminal message, delivered again), the announcement is due.
      if (isTerminalScanStatus(scan.status)) return scan.ended_announced_at ? null : { unannounced: scan };
      // Duplicates and late arrivals carry a seq we have already applied.
      if (message.seq <= (scan.last_seq.scan_update ?? -1)) return null;
      const handedBack = message.data.handed_back === true;
      // A scan handed back waits for a worker again (queued), whatever it was doing.
      const status = handedBack
        ? "queued"
        : (nextScanStatus(scan.status, message.data.status) ?? scan.status);
      const terminal = isTerminalScanStatus(status);
      const updated = await deps.scans.update(
        scanId,
        {
          status,
          stage_states: mergeStageStates(scan.stage_states, message.data.stage_states),
          last_seq: { ...scan.last_seq, scan_update: message.seq },
          updated_at: sentAt(message.ts),
          ...(terminal ? endedPatch(status as "completed", message.data.error ?? null) : {}),
        },
        tx,
      );
      if (terminal) await recordScanEnded(deps.auditEvents, updated!, tx);
      const afterCommit =
        status === "completed" && deps.onCompleted ? await deps.onCompleted(updated!, tx) : undefined;
      return { unannounced: null, before: scan, after: updated!, terminal, afterCommit, handedBack };
    });
    if (!outcome) return;
    if (outcome.unannounced) return announceScanEnded(deps, outcome.unannounced);

    // After commit: keys, jobs and browser pushes.
    const { before, after, terminal, afterCommit } = outcome;
    if (outcome.handedBack) await deps.handedBack?.(after);
    if (terminal) {
      await announceScanEnded(deps, after);
      return afterCommit?.();
    }
    await deps.kv.set(activeKey(scanId), "1", ACTIVE_KEY_TTL_MS);
    const phaseChanged =
      before.status !== after.status || stageStatusChanged(before.stage_states, message.data.stage_states);
    deps.hub.publish({
      type: phaseChanged ? "phase_update" : "phase_progress",
      scan_id: scanId,
      data: { status: after.status, stage_states: after.stage_states },
    });
  };
}
