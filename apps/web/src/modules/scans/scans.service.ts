import type { TSocialPlatformCoverage } from "@brandwarden/contract/findings";
import type { TReportState } from "@brandwarden/contract/browser/scans";
import type { TScanStartPayload } from "@brandwarden/contract/scan";
import { isTerminalScanStatus, type TScanStage } from "@brandwarden/contract/constants";
import type { Bus, StreamLoss } from "@brandwarden/platform/bus/bus";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Db } from "../../db/client.ts";
import { AppError, invalid, notFound } from "@brandwarden/platform/http/app-error";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { ScanStreamHub } from "../../lib/scan-stream.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import type { BrandContextService } from "../brand-profile/brand-context.service.ts";
import { enrichmentPending } from "../brand-profile/scan-brand.ts";
import type { Actor } from "../sessions/actor.ts";
import type { UsersService } from "../users/users.service.ts";
import { ACTIVE_KEY_TTL_MS, activeKey } from "./active-key.ts";
import { announceScanEnded, endedPatch, recordScanEnded, type AnnounceDeps } from "./scan-ended.ts";
import type { ScanLogsRepository } from "./scan-logs.repository.ts";
import type { ScansRepository } from "./scans.repository.ts";
import { resumeStage } from "./stage-states.ts";
import type { ScanLogRow, ScanRow } from "../../db/rows.ts";

const STALLED_ERROR = "The worker stopped reporting progress; resume the scan to continue";
const ORPHANED_ERROR = "The application stopped while this scan ran; resume the scan to continue";
const LOST_ERROR =
  "Progress messages of this scan were lost (Redis restarted without its data, or the event stream overflowed); resume the scan to run it again";
const resumesKey = (scanId: string) => `scan:auto-resumes:${scanId}`;
/** Set while a scan a stopping worker gave back waits for another worker to take it. */
const handedBackKey = (scanId: string) => `scan:handed-back:${scanId}`;
/** Held while one web process hands a scan to a worker, so no other hands it over too. */
const dispatchKey = (scanId: string) => `scan:dispatching:${scanId}`;
const DISPATCH_LOCK_MS = 60_000;

/** 409 naming the user's scan that has not ended: each user runs one scan at a time. */
function activeScanConflict(active: ScanRow): AppError {
  return new AppError(
    "conflict",
    `A scan is already ${active.status} for this account; stop it or wait for it to end before starting another`,
    { scan_id: active.id, status: active.status },
  );
}

/**
 * Whose scans a call works on: from a browser request, the user it works on (sessions' `Actor`,
 * never an admin: an admin reaches another user's scans by acting for them); from the app itself
 * (jobs, the demo, tests) a user id, with `admin` reaching any user's scans.
 */
type ScanActor = Pick<Actor, "id"> & { admin?: boolean };

/** The dashboard shows this many of a scan's last log lines. */
const STATUS_LOG_LINES = 100;

export function createScansService(deps: {
  scans: ScansRepository;
  logs: ScanLogsRepository;
  /** The scan's report state, if any (the reports module). */
  reports: { find(scanId: string): Promise<TReportState | null> };
  /** The brand a scan is given, and whether its owned domains' enrichment still holds it back. */
  brandContext: Pick<BrandContextService, "scanBrand" | "ownedDomains" | "enrichmentPending">;
  /** The user row lock: one user's starts and resumes take turns. */
  users: Pick<UsersService, "lockUser">;
  auditEvents: AuditEventsService;
  worker: WorkerClient;
  db: Db;
  bus: Bus;
  kv: KeyValueStore;
  queue: JobQueue;
  hub: ScanStreamHub;
  logger: Logger;
  eventChannelPrefix: string;
  /** No `scan_update` for this long: the scan's worker is gone. Default 3 minutes. */
  silenceLimitMs?: number;
  /** Times a silent scan is re-dispatched (resumed from its checkpoints) before it fails. Default 1. */
  autoResumes?: number;
}) {
  const silenceLimitMs = deps.silenceLimitMs ?? 3 * 60 * 1000;
  const autoResumes = deps.autoResumes ?? 1;
  const announceDeps: AnnounceDeps = { ...deps, prefix: deps.eventChannelPrefix };

  /** The actor's scan; another user's is 404, like one that does not exist. */
  async function owned(actor: ScanActor, scanId: string): Promise<ScanRow> {
    const scan = await deps.scans.findById(scanId);
    if (!scan || (scan.user_id !== actor.id && !actor.admin)) throw notFound("Scan");
    return scan;
  }

  /** The scan named, or the actor's newest (null when they have none). */
  async function selected(actor: ScanActor, scanId?: string): Promise<ScanRow | null> {
    if (scanId !== undefined) return owned(actor, scanId);
    const [latest] = await deps.scans.listForUser(actor.id, 1);
    return latest ?? null;
  }

  /** Ends a scan as failed with its effects (audit event, webhook, browser push); null when it had ended. */
  async function failScan(scanId: string, error: string): Promise<ScanRow | null> {
    const failed = await deps.db.transaction(async (tx) => {
      const scan = await deps.scans.lock(scanId, tx);
      if (!scan || isTerminalScanStatus(scan.status)) return null;
      const updated = await deps.scans.update(scanId, endedPatch("failed", error), tx);
      await recordScanEnded(deps.auditEvents, updated!, tx);
      return updated;
    });
    if (failed) await announceScanEnded(announceDeps, failed);
    return failed;
  }

  /**
   * Hands the scan to a worker (expects 202); a worker that cannot take it fails the scan visibly.
   * A scan that is no longer `pending` (another process dispatched it) is left alone, unless this is
   * a re-dispatch of a running scan whose worker went silent.
   */
  async function dispatch(
    scan: ScanRow,
    resumeFrom: TScanStage | null,
    redispatch: false | "silent" | "handed_back" = false,
  ): Promise<ScanRow> {
    if (!(await deps.kv.setIfAbsent(dispatchKey(scan.id), "1", DISPATCH_LOCK_MS))) return scan;
    try {
      const current = await deps.scans.findById(scan.id);
      if (!current || (current.status !== "pending" && !redispatch) || isTerminalScanStatus(current.status))
        return current ?? scan;
      // Another process handed it over already (it cleared the mark under this lock).
      if (redispatch === "handed_back" && !(await deps.kv.get(handedBackKey(scan.id)))) return current;
      const brand = await deps.brandContext.scanBrand(scan.user_id);
      if (!brand) throw notFound("User");
      const payload: TScanStartPayload = { scan_id: scan.id, ...brand, resume_from_stage: resumeFrom };
      await deps.scans.update(scan.id, {
        start_payload: payload,
        resume_from_stage: resumeFrom,
        started_at: new Date(),
      });
      try {
        await deps.worker.startScan(payload);
      } catch (err) {
        const message = (err as Error).message;
        deps.logger.error({ scan_id: scan.id, err: message }, "scan dispatch failed");
        // A re-dispatch stays for the next stalled-scan check (a worker may be starting), which
        // fails the scan once its automatic resumes are used up.
        if (redispatch) return (await deps.scans.findById(scan.id)) ?? scan;
        return (await failScan(scan.id, message)) ?? (await deps.scans.findById(scan.id)) ?? scan;
      }
      if (redispatch === "handed_back") await deps.kv.del(handedBackKey(scan.id));
      const queued = await deps.scans.markQueued(scan.id);
      if (queued) deps.hub.publish({ type: "phase_update", scan_id: scan.id, data: { status: "queued" } });
      const now = queued ?? (await deps.scans.findById(scan.id)) ?? scan;
      if (now.status === "cancelled") {
        // Stopped while the worker was taking it: the stop's cancel may be older than this run, and
        // the worker ignores older ones. Announcing it again sends a cancel this run obeys.
        await announceScanEnded(announceDeps, now);
      } else if (!isTerminalScanStatus(now.status)) {
        await deps.kv.set(activeKey(scan.id), "1", ACTIVE_KEY_TTL_MS);
      }
      return now;
    } finally {
      await deps.kv.del(dispatchKey(scan.id));
    }
  }

  /** Hands a scan given back by a stopping worker to a worker, from its last completed stage. */
  async function dispatchHandedBack(scan: ScanRow): Promise<void> {
    const from = resumeStage(scan.stage_states) ?? "generate";
    const now = await dispatch(scan, from, "handed_back");
    if (now.status === "queued" && (await deps.kv.get(handedBackKey(scan.id))))
      deps.logger.warn(
        { scan_id: scan.id },
        "no worker took the scan handed back; trying again at the next check",
      );
  }

  /**
   * No word from the scan's worker for the silence limit (never more than the active key's hour).
   * The row's `updated_at` is the heartbeat: every applied `scan_update` sets it to when the worker
   * sent it, and it lives in the database, so a Redis restart that lost the active keys does not
   * fail live scans. While the check itself fails (the database or Redis unreachable), this process
   * cannot hear workers either: silence counts from its last failure, so the heartbeats that
   * waited in the stream are applied before any scan is judged lost.
   */
  let checkFailedAt = 0;
  const silent = (scan: ScanRow) =>
    Date.now() - Math.max(scan.updated_at.getTime(), checkFailedAt) >=
    Math.min(silenceLimitMs, ACTIVE_KEY_TTL_MS);

  /** `failStalled`'s work (below). */
  async function judgeStalled(opts: { orphans?: boolean }): Promise<number> {
    const lostWorker = (scan: ScanRow) => opts.orphans || silent(scan);
    let failed = 0;
    for (const candidate of await deps.scans.nonTerminal()) {
      if (candidate.status === "pending") continue; // not dispatched yet (deferred)
      if (await deps.kv.get(handedBackKey(candidate.id))) {
        await dispatchHandedBack(candidate); // given back, no worker took it yet: try again
        continue;
      }
      if (!lostWorker(candidate)) continue;
      const resumes = Number((await deps.kv.get(resumesKey(candidate.id))) ?? 0);
      const outcome = await deps.db.transaction(async (tx) => {
        const scan = await deps.scans.lock(candidate.id, tx);
        if (!scan || isTerminalScanStatus(scan.status) || scan.status === "pending") return null;
        if (!lostWorker(scan)) return null;
        if (resumes < autoResumes) {
          // Claims the scan (fresh updated_at; queued again, for a worker to take it) before the
          // dispatch, outside the transaction.
          return { resume: (await deps.scans.update(scan.id, { status: "queued" }, tx))! };
        }
        const updated = await deps.scans.update(
          scan.id,
          endedPatch("failed", opts.orphans ? ORPHANED_ERROR : STALLED_ERROR),
          tx,
        );
        await recordScanEnded(deps.auditEvents, updated!, tx);
        return { failed: updated! };
      });
      if (outcome?.resume) {
        const from = resumeStage(outcome.resume.stage_states) ?? "generate";
        await deps.kv.set(resumesKey(candidate.id), String(resumes + 1), 24 * 3600 * 1000);
        deps.logger.warn({ scan_id: candidate.id, from }, "scan's worker stopped reporting; resuming it");
        await dispatch(outcome.resume, from, "silent");
      } else if (outcome?.failed) {
        failed++;
        deps.logger.warn({ scan_id: candidate.id }, "scan failed: its worker stopped reporting");
        await announceScanEnded(announceDeps, outcome.failed);
      }
    }
    return failed;
  }

  return {
    /** Creates the scan run; dispatches now, or defers while domain enrichment is pending. */
    async start(actor: ScanActor, forUserId = actor.id): Promise<ScanRow> {
      if (forUserId !== actor.id && !actor.admin) throw notFound("User");
      const domains = await deps.brandContext.ownedDomains(forUserId);
      if (domains.length === 0)
        throw invalid("Add at least one owned domain to the brand profile before scanning");
      const scan = await deps.db.transaction(async (tx) => {
        // One active scan per user; the user row lock makes concurrent starts take turns.
        await deps.users.lockUser(tx, forUserId);
        const active = await deps.scans.activeForUser(forUserId, tx);
        if (active) throw activeScanConflict(active);
        return deps.scans.insert({ user_id: forUserId, status: "pending" }, tx);
      });
      await deps.auditEvents.record({ name: "scan_started", user_id: actor.id, scan_id: scan.id });
      if (enrichmentPending(domains)) {
        deps.logger.info({ scan_id: scan.id }, "scan deferred until domain profiles complete");
        return scan;
      }
      return dispatch(scan, null);
    },

    /** Dispatches the user's deferred scans once no domain profile is pending any more. */
    async dispatchDeferred(userId: string): Promise<number> {
      if (await deps.brandContext.enrichmentPending(userId)) return 0;
      const waiting = await deps.scans.deferredForUser(userId);
      for (const scan of waiting) await dispatch(scan, scan.resume_from_stage as TScanStage | null);
      return waiting.length;
    },

    async stop(actor: ScanActor, scanId: string): Promise<ScanRow> {
      const scan = await owned(actor, scanId);
      const stopped = await deps.db.transaction(async (tx) => {
        const row = await deps.scans.lock(scanId, tx);
        if (!row || isTerminalScanStatus(row.status)) return null;
        const updated = await deps.scans.update(scanId, endedPatch("cancelled"), tx);
        await deps.auditEvents.record({ name: "scan_cancelled", user_id: actor.id, scan_id: scanId }, tx);
        return updated;
      });
      if (!stopped) return (await deps.scans.findById(scanId)) ?? scan;
      await announceScanEnded(announceDeps, stopped);
      return stopped;
    },

    /**
     * Re-dispatches a terminal scan from its first stage that did not complete. Like `start`, under
     * the user's lock: a resume and a start (or two resumes) never leave the user two active scans.
     */
    async resume(actor: ScanActor, scanId: string): Promise<ScanRow> {
      const scan = await owned(actor, scanId);
      const claimed = await deps.db.transaction(async (tx) => {
        await deps.users.lockUser(tx, scan.user_id);
        const row = await deps.scans.lock(scanId, tx);
        if (!row) throw notFound("Scan");
        if (!isTerminalScanStatus(row.status)) {
          throw new AppError(
            "conflict",
            `Scan is ${row.status}; only a completed, failed or cancelled scan can be resumed`,
          );
        }
        const active = await deps.scans.activeForUser(row.user_id, tx);
        if (active) throw activeScanConflict(active);
        return deps.scans.update(
          scanId,
          {
            status: "pending",
            resume_from_stage: resumeStage(row.stage_states) ?? "generate",
            error: null,
            completed_at: null,
            ended_announced_at: null,
          },
          tx,
        );
      });
      return dispatch(claimed!, claimed!.resume_from_stage as TScanStage);
    },

    get: owned,

    /** The scan, whoever's it is (the app's own work: events, jobs, the internal API); null when none. */
    findById: (scanId: string): Promise<ScanRow | null> => deps.scans.findById(scanId),
    /** Records where the scan's end webhook is (reconciliation enqueues one due and never enqueued). */
    setWebhookState: (
      scanId: string,
      state: Parameters<ScansRepository["setWebhookState"]>[1],
    ): Promise<void> => deps.scans.setWebhookState(scanId, state),

    /** The social platforms the scan could not check, as the worker reported them (replaces). */
    async recordSocialCoverage(scanId: string, coverage: TSocialPlatformCoverage[]): Promise<void> {
      await deps.scans.update(scanId, { social_coverage: coverage });
    },

    /** Every domain finding of the scan, by name (webhooks, the AI audit). */
    domainFindings: (scanId: string) => deps.scans.domainFindings(scanId),

    /** Every social finding of the scan, by platform and handle. */
    socialFindings: (scanId: string) => deps.scans.socialFindings(scanId),

    selected,

    /** The user's scans, newest first (the last 50). */
    list(actor: ScanActor, userId = actor.id): Promise<ScanRow[]> {
      if (userId !== actor.id && !actor.admin) throw notFound("User");
      return deps.scans.listForUser(userId);
    },

    /** The scan named (or the newest), its report's state and the last lines of its log. */
    async status(
      actor: ScanActor,
      scanId?: string,
    ): Promise<{ scan: ScanRow | null; report: TReportState | null; log: ScanLogRow[] }> {
      const scan = await selected(actor, scanId);
      if (!scan) return { scan: null, report: null, log: [] };
      const [report, log] = await Promise.all([
        deps.reports.find(scan.id),
        deps.logs.recent(scan.id, STATUS_LOG_LINES),
      ]);
      return { scan, report, log };
    },

    /**
     * Scans dispatched to a worker that went silent (no `scan_update`, which live workers send at
     * least every 30 s, for `silenceLimitMs`; the active key's hour is a later bound) lost their
     * worker: each is handed to a worker again from its last completed stage, up to `autoResumes`
     * times, then failed with the usual effects (audit event, browser push, `scan.failed` webhook).
     * `orphans`: every dispatched scan lost its worker, silent or not (embedded mode at start: the
     * worker lived in the process that stopped). Run at start-up and periodically; safe in several
     * web processes at once (the row lock and the fresh `updated_at` of the first one make the
     * others skip it). Returns how many failed.
     */
    async failStalled(opts: { orphans?: boolean } = {}): Promise<number> {
      try {
        return await judgeStalled(opts);
      } catch (err) {
        checkFailedAt = Date.now();
        throw err;
      }
    },

    /**
     * Progress messages may have been lost before the web app applied them (Redis restarted empty,
     * or the stream overflowed): which scans lost which is unknown, so every dispatched scan fails
     * with a reason the user sees, rather than completing with gaps. Resuming runs them again.
     */
    async failLost(loss: StreamLoss): Promise<number> {
      let failed = 0;
      for (const scan of await deps.scans.nonTerminal()) {
        if (scan.status === "pending") continue;
        if (await failScan(scan.id, LOST_ERROR)) failed++;
      }
      if (failed) deps.logger.error({ ...loss, failed }, "scans failed: their progress messages were lost");
      return failed;
    },

    /**
     * A worker that stopped gracefully gave the scan back (its last message said so): it goes to a
     * worker again at once, from its last completed stage, without spending an automatic resume
     * (those are for workers that died). While no worker takes it, every stalled-scan check tries
     * again, for the active key's hour; after that it is judged like a silent scan.
     */
    async handedBack(scan: ScanRow): Promise<void> {
      await deps.kv.set(handedBackKey(scan.id), "1", ACTIVE_KEY_TTL_MS);
      deps.logger.info({ scan_id: scan.id }, "scan handed back by a stopping worker; dispatching it again");
      await dispatchHandedBack(scan);
    },

    /** Announces `scan` ended again (reconciliation); see `announceScanEnded`. */
    announceEnded: (scan: ScanRow) => announceScanEnded(announceDeps, scan),
  };
}

export type ScansService = ReturnType<typeof createScansService>;
