import { eventChannel, type TControlCommand } from "@brandwarden/contract/events";
import { isTerminalScanStatus, type TScanStage } from "@brandwarden/contract/scan";
import type { Bus } from "@brandwarden/platform/bus/bus";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Db } from "../../db/client.ts";
import { AppError, invalid, notFound } from "@brandwarden/platform/http/app-error";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { ScanStreamHub } from "../../live/scan-stream.ts";
import type { AuditEventsRepository } from "../audit-events/audit-events.repository.ts";
import type { BrandRepository } from "../brand/brand.repository.ts";
import type { UsersRepository } from "../users/users.repository.ts";
import type { UsersService } from "../users/users.service.ts";
import { buildStartPayload, enrichmentPending } from "./scan-payload.ts";
import { ACTIVE_KEY_TTL_MS, activeKey } from "./active-key.ts";
import { announceScanEnded, recordScanEnded } from "./scan-ended.ts";
import type { ScanRow, ScansRepository } from "./scans.repository.ts";
import { resumeStage } from "./stage-states.ts";

const STALLED_ERROR = "The worker stopped reporting progress; resume the scan to continue";

/** Who acts: the owner, or an admin acting for any user. Another user's scan is 404. */
export interface Actor {
  id: string;
  admin: boolean;
}

export function createScansService(deps: {
  scans: ScansRepository;
  brand: BrandRepository;
  users: UsersRepository;
  usersService: UsersService;
  auditEvents: AuditEventsRepository;
  worker: WorkerClient;
  db: Db;
  bus: Bus;
  kv: KeyValueStore;
  queue: JobQueue;
  hub: ScanStreamHub;
  logger: Logger;
  publicUrl: string;
  eventChannelPrefix: string;
}) {
  async function owned(actor: Actor, scanId: string): Promise<ScanRow> {
    const scan = await deps.scans.findById(scanId);
    if (!scan || (scan.user_id !== actor.id && !actor.admin)) throw notFound("Scan");
    return scan;
  }

  /** Sends the scan to the worker (expects 202). A worker that cannot take it fails the scan visibly. */
  async function dispatch(scan: ScanRow, resumeFrom: TScanStage | null): Promise<ScanRow> {
    const user = await deps.users.findById(scan.user_id);
    if (!user) throw notFound("User");
    const [domains, handles, derived] = await Promise.all([
      deps.brand.ownedDomains(user.id),
      deps.brand.socialHandles(user.id),
      deps.usersService.derivedKeywords(user.id),
    ]);
    const payload = buildStartPayload({
      scanId: scan.id,
      user,
      derivedKeywords: derived.keywords,
      domains,
      handles,
      logoUrl: user.logo_key ? new URL(`/media/logos/${user.id}`, deps.publicUrl).toString() : null,
      resumeFrom,
    });
    try {
      await deps.worker.startScan(payload);
    } catch (err) {
      const message = (err as Error).message;
      deps.logger.error({ scan_id: scan.id, err: message }, "scan dispatch failed");
      const failed = await deps.scans.update(scan.id, {
        status: "failed",
        error: message,
        completed_at: new Date(),
      });
      deps.hub.publish({ type: "failed", scan_id: scan.id, data: { error: message } });
      return failed ?? scan;
    }
    const queued = await deps.scans.update(scan.id, {
      status: "queued",
      start_payload: payload,
      resume_from_stage: resumeFrom,
      error: null,
      completed_at: null,
      started_at: new Date(),
      // A (re)dispatched scan numbers its events afresh.
      last_seq: {},
    });
    await deps.kv.set(activeKey(scan.id), "1", ACTIVE_KEY_TTL_MS);
    deps.hub.publish({ type: "phase_update", scan_id: scan.id, data: { status: "queued" } });
    return queued ?? scan;
  }

  return {
    /** Creates the scan run; dispatches now, or defers while domain enrichment is pending. */
    async start(actor: Actor, forUserId = actor.id): Promise<ScanRow> {
      if (forUserId !== actor.id && !actor.admin) throw notFound("User");
      const domains = await deps.brand.ownedDomains(forUserId);
      if (domains.length === 0)
        throw invalid("Add at least one owned domain to the brand profile before scanning");
      const scan = await deps.scans.insert({ user_id: forUserId, status: "pending" });
      await deps.auditEvents.record({ name: "scan_started", user_id: actor.id, scan_id: scan.id });
      if (enrichmentPending(domains)) {
        deps.logger.info({ scan_id: scan.id }, "scan deferred until domain profiles complete");
        return scan;
      }
      return dispatch(scan, null);
    },

    /** Dispatches the user's deferred scans once no domain profile is pending any more. */
    async dispatchDeferred(userId: string): Promise<number> {
      if (enrichmentPending(await deps.brand.ownedDomains(userId))) return 0;
      const waiting = await deps.scans.deferredForUser(userId);
      for (const scan of waiting) await dispatch(scan, null);
      return waiting.length;
    },

    async stop(actor: Actor, scanId: string): Promise<ScanRow> {
      const scan = await owned(actor, scanId);
      if (isTerminalScanStatus(scan.status)) return scan;
      const stopped = await deps.scans.update(scanId, { status: "cancelled", completed_at: new Date() });
      await deps.kv.del(activeKey(scanId));
      const command: TControlCommand = { type: "cancel", scan_id: scanId };
      await deps.bus.publish(eventChannel(deps.eventChannelPrefix, "control"), command);
      await deps.auditEvents.record({ name: "scan_cancelled", user_id: actor.id, scan_id: scanId });
      deps.hub.publish({ type: "cancelled", scan_id: scanId, data: { status: "cancelled" } });
      return stopped ?? scan;
    },

    /** Re-dispatches a terminal scan from its first stage that did not complete. */
    async resume(actor: Actor, scanId: string): Promise<ScanRow> {
      const scan = await owned(actor, scanId);
      if (!isTerminalScanStatus(scan.status)) {
        throw new AppError(
          "conflict",
          `Scan is ${scan.status}; only a completed, failed or cancelled scan can be resumed`,
        );
      }
      return dispatch(scan, resumeStage(scan.stage_states) ?? "generate");
    },

    get: owned,

    list(actor: Actor, userId = actor.id) {
      if (userId !== actor.id && !actor.admin) throw notFound("User");
      return deps.scans.listForUser(userId);
    },

    /**
     * Scans dispatched to a worker whose active key expired (no `scan_update` for its whole TTL;
     * live workers send heartbeats) lost their worker: fail them with the usual effects (audit
     * event, browser push, `scan.failed` webhook) so nobody waits on them. Run at start-up and
     * periodically; safe in several web processes at once.
     */
    async failStalled(): Promise<number> {
      let failed = 0;
      for (const candidate of await deps.scans.nonTerminal()) {
        if (candidate.status === "pending") continue; // not dispatched yet (deferred)
        if (await deps.kv.get(activeKey(candidate.id))) continue;
        const after = await deps.db.transaction(async (tx) => {
          const scan = await deps.scans.lock(candidate.id, tx);
          if (!scan || isTerminalScanStatus(scan.status) || scan.status === "pending") return null;
          const updated = await deps.scans.update(
            scan.id,
            { status: "failed", error: STALLED_ERROR, completed_at: new Date() },
            tx,
          );
          await recordScanEnded(deps.auditEvents, updated!, tx);
          return updated;
        });
        if (!after) continue;
        failed++;
        deps.logger.warn({ scan_id: after.id }, "scan failed: its worker stopped reporting");
        await announceScanEnded(deps, after);
      }
      return failed;
    },
  };
}

export type ScansService = ReturnType<typeof createScansService>;
