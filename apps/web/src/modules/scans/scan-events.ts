import type { TEventOf } from "@brandwarden/contract/events";
import { isTerminalScanStatus } from "@brandwarden/contract/scan";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import type { ScanStreamHub } from "../../live/scan-stream.ts";
import type { AuditEventsRepository } from "../audit-events/audit-events.repository.ts";
import type { ScansRepository } from "./scans.repository.ts";
import { announceScanEnded, recordScanEnded } from "./scan-ended.ts";
import { ACTIVE_KEY_TTL_MS, activeKey } from "./active-key.ts";
import { mergeStageStates, nextScanStatus, stageStatusChanged } from "./stage-states.ts";

/** Handles `scan_update`: progress into `stage_states`, status moves, terminal effects. */
export function createScanUpdateHandler(deps: {
  db: Db;
  scans: ScansRepository;
  auditEvents: AuditEventsRepository;
  kv: KeyValueStore;
  queue: JobQueue;
  hub: ScanStreamHub;
  logger: Logger;
}) {
  return async function onScanUpdate(message: TEventOf<"scan_update">): Promise<void> {
    const scanId = message.scan_id;
    if (!scanId) return;
    const outcome = await deps.db.transaction(async (tx) => {
      const scan = await deps.scans.lock(scanId, tx);
      if (!scan || isTerminalScanStatus(scan.status)) return null;
      // Duplicates and late arrivals carry a seq we have already applied.
      if (message.seq <= (scan.last_seq.scan_update ?? -1)) return null;
      const status = nextScanStatus(scan.status, message.data.status) ?? scan.status;
      const terminal = isTerminalScanStatus(status);
      const updated = await deps.scans.update(
        scanId,
        {
          status,
          stage_states: mergeStageStates(scan.stage_states, message.data.stage_states),
          last_seq: { ...scan.last_seq, scan_update: message.seq },
          ...(terminal ? { completed_at: new Date(), error: message.data.error ?? null } : {}),
        },
        tx,
      );
      if (terminal) await recordScanEnded(deps.auditEvents, updated!, tx);
      return { before: scan, after: updated!, terminal };
    });
    if (!outcome) return;

    // After commit: keys, jobs and browser pushes.
    const { before, after, terminal } = outcome;
    if (terminal) return announceScanEnded(deps, after);
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
