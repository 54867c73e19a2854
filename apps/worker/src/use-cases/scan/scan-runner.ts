import type { TScanStartPayload, TStageStates } from "@brandwarden/contract/scan";
import { SCAN_STAGES, type TScanStage } from "@brandwarden/contract/constants";
import { compareStreamIds } from "@brandwarden/platform/bus/bus";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { AppendedEvent } from "@brandwarden/platform/messaging/event-streams";
import type { Checkpoints } from "./checkpoints.ts";
import { createFairSlots } from "./fair-slots.ts";
import type { ScanData } from "./scan-data.ts";
import {
  createScanPublisher,
  type EnvelopeSink,
  type ScanPublisher,
} from "../../ports/events/scan-publisher.ts";
import { ScanCancelledError, type StageDef } from "./stage.ts";
import { createStageProgress, type StageProgress } from "./stage-progress.ts";

export interface ScanRunnerDeps {
  stages: StageDef[];
  checkpoints: Checkpoints;
  sink: EnvelopeSink;
  logger: Logger;
  /** Scans run at once; more wait their turn. */
  concurrency: number;
  /**
   * A scan with nothing to report for this long still sends a `scan_update` (a waiting one as
   * `queued`), so the web app can tell a slow scan from a dead worker. Default 30 s.
   */
  heartbeatMs?: number;
  /**
   * The id of the newest command on the control stream: taken when a scan is accepted, so a
   * cancel appended later stops it and one appended before (an earlier run's) does not.
   */
  commandMark?: () => Promise<string>;
  /**
   * Resolves once the web app applied the scan's last message (embedded mode, whose event stream
   * lives in memory): a stage is checkpointed only when nothing it published can still be lost.
   */
  settle?: (last: AppendedEvent, signal: AbortSignal) => Promise<void>;
  /** Told how scans and their stages end and which sources they give up (the worker's metrics). */
  metrics?: ScanMetrics;
}

interface ScanMetrics {
  stageEnded(stage: TScanStage, status: "completed" | "skipped" | "failed", seconds: number): void;
  scanEnded(scanId: string, status: "completed" | "failed" | "cancelled" | "handed_back"): void;
  sourceOpened(scanId: string, source: string): void;
}

interface Running {
  controller: AbortController;
  done: Promise<ScanData | null>;
  publisher: ScanPublisher;
  /** The control stream's newest command id when this run was accepted (see `commandMark`). */
  mark?: string;
  /** Set once the scan has a slot and its stages run. */
  progress?: StageProgress;
}

const HEARTBEAT_MS = 30 * 1000;
/** The abort reason of a graceful stop: the scan is handed back, not cancelled. */
const HAND_BACK = Symbol("hand back");

/**
 * Runs scans through the stages in order, in the background: at most `concurrency` at once,
 * shared fairly between users, checkpointing each completed stage so a resumed scan (on any worker) skips it. A cancelled scan
 * stops at the next check of its signal and publishes nothing more.
 */
export function createScanRunner(deps: ScanRunnerDeps) {
  const running = new Map<string, Running>();
  // A freed slot goes to the user with the fewest scans running, then the least recently served.
  const slots = createFairSlots(deps.concurrency);

  /** Loads the outputs of the stages before `from`; the first one without a checkpoint is where to start. */
  async function restore(scanId: string, from: TScanStage | null, data: ScanData) {
    const initial: TStageStates = {};
    const target = from ? SCAN_STAGES.indexOf(from) : 0;
    let start = 0;
    for (const stage of deps.stages.slice(0, target)) {
      const saved = await deps.checkpoints.load(scanId, stage.name);
      if (!saved) break;
      (data as Record<string, unknown>)[stage.output] = saved.output;
      const count = Array.isArray(saved.output)
        ? saved.output.length
        : Object.keys(saved.output ?? {}).length;
      const now = new Date().toISOString();
      initial[stage.name] = {
        status: "completed",
        done: count,
        total: count,
        started_at: now,
        finished_at: now,
      };
      start++;
    }
    return { start, initial };
  }

  async function run(payload: TScanStartPayload, entry: Running): Promise<ScanData | null> {
    const scanId = payload.scan_id;
    const { publisher } = entry;
    const signal = entry.controller.signal;
    const log = (level: "info" | "warn" | "error", message: string, code?: string) =>
      publisher.publish("log", { level, message, ...(code ? { code } : {}) }).catch(() => undefined);
    const data: ScanData = {};
    const { start, initial } = await restore(scanId, payload.resume_from_stage, data);
    const progress = createStageProgress(publisher, initial);
    entry.progress = progress;
    let current: StageDef | undefined;
    let stageStart = 0;
    const stageEnded = (stage: TScanStage, status: "completed" | "skipped" | "failed") =>
      deps.metrics?.stageEnded(stage, status, (performance.now() - stageStart) / 1000);
    let counted = false;
    const ended = (status: "completed" | "failed" | "cancelled" | "handed_back") => {
      if (!counted) deps.metrics?.scanEnded(scanId, status);
      counted = true;
    };
    try {
      if (start > 0) await log("info", `resuming at stage ${deps.stages[start]?.name ?? "end"}`);
      for (const stage of deps.stages.slice(start)) {
        current = stage;
        if (signal.aborted) throw new ScanCancelledError("scan cancelled");
        await progress.start(stage.name);
        stageStart = performance.now();
        const outcome = await stage.run({
          scanId,
          payload,
          data,
          signal,
          publisher,
          logger: deps.logger,
          progress: (done, total, waitingOn) => progress.progress(stage.name, done, total, waitingOn),
          progressOf: (later) => (done, total, waitingOn) =>
            later === stage.name
              ? progress.progress(later, done, total, waitingOn)
              : progress.progressEarly(later, done, total, waitingOn),
          log: (level, message, code) => log(level, `[${stage.name}] ${message}`, code),
          sourceOpened: (source) => deps.metrics?.sourceOpened(scanId, source),
        });
        if (signal.aborted) throw new ScanCancelledError("scan cancelled");
        if (deps.settle && publisher.lastAppended) await deps.settle(publisher.lastAppended, signal);
        if (signal.aborted) throw new ScanCancelledError("scan cancelled");
        await deps.checkpoints.save(scanId, stage.name, data[stage.output] ?? null);
        if (outcome && "skipped" in outcome) {
          progress.states[stage.name]!.error = outcome.skipped;
          await progress.finish(stage.name, "skipped", outcome.skipped);
          stageEnded(stage.name, "skipped");
        } else {
          await progress.finish(stage.name, "completed");
          stageEnded(stage.name, "completed");
        }
      }
      await progress.end("completed");
      ended("completed");
      return data;
    } catch (err) {
      if (signal.reason === HAND_BACK) {
        await handBack(scanId, entry, progress.states);
        ended("handed_back");
        return null;
      }
      if (err instanceof ScanCancelledError || signal.aborted) {
        deps.logger.info({ scan_id: scanId }, "scan cancelled");
        ended("cancelled");
        return null;
      }
      const message = (err as Error).message || String(err);
      deps.logger.error({ scan_id: scanId, stage: current?.name, err }, "scan failed");
      await log("error", `stage ${current?.name ?? "?"} failed: ${message}`);
      if (current) {
        await progress.finish(current.name, "failed", message);
        stageEnded(current.name, "failed");
      }
      await progress.end("failed", `${current?.name ?? "scan"}: ${message}`);
      ended("failed");
      return null;
    } finally {
      progress.dispose();
      // A run that threw past its own handling (its last message not sent) is counted as failed.
      ended("failed");
    }
  }

  /**
   * This process is stopping: the scan's last message says so (`handed_back`), after everything
   * it published, so the web app dispatches it again from its last completed stage at once.
   */
  async function handBack(scanId: string, entry: Running, states: TStageStates): Promise<void> {
    try {
      await entry.publisher.publish("scan_update", {
        status: "queued",
        stage_states: structuredClone(states),
        handed_back: true,
      });
      deps.logger.info({ scan_id: scanId }, "scan handed back (worker stopping)");
    } catch (err) {
      // The web app will find it silent and resume it (spending an automatic resume).
      deps.logger.warn({ err, scan_id: scanId }, "scan not handed back");
    } finally {
      entry.publisher.close();
    }
  }

  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  let heartbeat: NodeJS.Timeout | undefined;
  const beat = () => {
    for (const entry of running.values()) {
      const sent = entry.progress
        ? entry.progress.keepalive(heartbeatMs)
        : entry.publisher.publish("scan_update", { status: "queued", stage_states: {} });
      void sent.catch((err: unknown) => deps.logger.warn({ err }, "scan heartbeat not sent"));
    }
  };

  const runner = {
    /**
     * Takes a scan from the web app: notes the newest command (see `commandMark`), then starts it.
     * Resolves once accepted; the scan runs in the background.
     */
    async accept(payload: TScanStartPayload): Promise<void> {
      const mark = await deps.commandMark?.();
      void runner
        .submit(payload, mark)
        .catch((err: unknown) => deps.logger.error({ err, scan_id: payload.scan_id }, "scan crashed"));
    },
    /** Starts (or queues) a scan in the background; a scan already running here is not started twice. */
    submit(payload: TScanStartPayload, mark?: string): Promise<ScanData | null> {
      const existing = running.get(payload.scan_id);
      if (existing) {
        if (mark && (!existing.mark || compareStreamIds(mark, existing.mark) > 0)) existing.mark = mark;
        return existing.done;
      }
      const controller = new AbortController();
      // One publisher from submit to the end: `seq` keeps rising across waiting and running.
      const publisher = createScanPublisher({
        sink: deps.sink,
        scanId: payload.scan_id,
      });
      // A cancel silences the scan at once; a hand-back still sends its last message (handBack).
      controller.signal.addEventListener(
        "abort",
        () => {
          if (controller.signal.reason !== HAND_BACK) publisher.close();
        },
        { once: true },
      );
      const entry: Running = { controller, publisher, mark, done: Promise.resolve(null) };
      entry.done = (async () => {
        await slots.acquire(payload.user_id);
        try {
          if (controller.signal.reason === HAND_BACK) {
            await handBack(payload.scan_id, entry, {}); // still waiting for a slot
            return null;
          }
          if (controller.signal.aborted) return null; // cancelled while waiting for a slot
          return await run(payload, entry);
        } finally {
          slots.release(payload.user_id);
          running.delete(payload.scan_id);
          if (!running.size) {
            clearInterval(heartbeat);
            heartbeat = undefined;
          }
        }
      })();
      running.set(payload.scan_id, entry);
      heartbeat ??= setInterval(beat, Math.max(10, heartbeatMs / 2)).unref();
      return entry.done;
    },
    /**
     * Stops the scan if it runs (or waits) here. With the command's stream id, only a command newer
     * than the run's acceptance counts: an old cancel replayed after a resume leaves the resume alone.
     */
    cancel(scanId: string, commandId?: string): boolean {
      const r = running.get(scanId);
      if (!r) return false;
      if (commandId && r.mark && compareStreamIds(commandId, r.mark) <= 0) return false;
      r.controller.abort();
      return true;
    },
    isRunning: (scanId: string) => running.has(scanId),
    /**
     * Stops every scan and waits for them (shutdown). Checkpoints stay. With `handBack` (a
     * graceful stop) each scan's last message gives it back to the web app, which dispatches it
     * again at once; without, the scans just stop (the web app resumes them once they fall silent).
     */
    async close(opts: { handBack?: boolean } = {}): Promise<void> {
      for (const r of running.values()) r.controller.abort(opts.handBack ? HAND_BACK : undefined);
      await Promise.allSettled([...running.values()].map((r) => r.done));
    },
    /** The scans running or waiting here (what a shutdown deadline would cut). */
    scanIds: () => [...running.keys()],
  };
  return runner;
}

export type ScanRunner = ReturnType<typeof createScanRunner>;
