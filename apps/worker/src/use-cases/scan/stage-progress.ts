import type { TStageState, TStageStates } from "@brandwarden/contract/scan";
import { SCAN_STAGES, type TScanStage, type TScanStatus } from "@brandwarden/contract/constants";
import type { ScanPublisher } from "../../ports/events/scan-publisher.ts";

const THROTTLE_MS = 250;

/**
 * Keeps every stage's state and publishes `scan_update` with all of them: immediately when a
 * status changes, otherwise at most every 250 ms (a few per second), so the web app can apply
 * the newest message whole and drop older ones.
 */
export function createStageProgress(publisher: ScanPublisher, initial: TStageStates = {}) {
  const states: TStageStates = {};
  for (const stage of SCAN_STAGES) {
    states[stage] = initial[stage] ?? {
      status: "pending",
      done: 0,
      total: 0,
      started_at: null,
      finished_at: null,
    };
  }
  let status: TScanStatus = "running";
  /** Stages whose work an earlier stage began (StageContext.progressOf), in this run. */
  const early = new Set<TScanStage>();
  let lastSent = 0;
  let timer: NodeJS.Timeout | null = null;

  const send = async (error?: string) => {
    if (timer) clearTimeout(timer);
    timer = null;
    lastSent = Date.now();
    await publisher.publish("scan_update", {
      status,
      stage_states: structuredClone(states),
      ...(error ? { error } : {}),
    });
  };

  const update = (stage: TScanStage, patch: Partial<TStageState>) => {
    states[stage] = { ...states[stage]!, ...patch };
  };

  const api = {
    states,
    async start(stage: TScanStage, total = 0) {
      // Work begun early keeps its start and its counts.
      if (early.has(stage)) return send();
      update(stage, {
        status: "running",
        done: 0,
        total,
        started_at: new Date().toISOString(),
        finished_at: null,
        error: undefined,
      });
      await send();
    },
    /** Counts progress; sends now or schedules one throttled update. */
    progress(stage: TScanStage, done: number, total?: number, waitingOn?: string | null) {
      update(stage, {
        done,
        ...(total !== undefined ? { total } : {}),
        ...(waitingOn !== undefined ? { waiting_on: waitingOn?.slice(0, 300) ?? undefined } : {}),
      });
      if (Date.now() - lastSent >= THROTTLE_MS) void send();
      else if (!timer) {
        timer = setTimeout(() => void send(), THROTTLE_MS - (Date.now() - lastSent));
        timer.unref();
      }
    },
    /** Progress of a later stage whose work an earlier one began: it shows running from then on. */
    progressEarly(stage: TScanStage, done: number, total?: number, waitingOn?: string | null) {
      const { status: was } = states[stage]!;
      if (!early.has(stage) && was !== "completed" && was !== "skipped") {
        early.add(stage);
        update(stage, { status: "running", done: 0, total: 0, started_at: new Date().toISOString(), finished_at: null, error: undefined }); // prettier-ignore
        lastSent = 0; // a status change goes out at once
      }
      api.progress(stage, done, total, waitingOn);
    },
    async finish(
      stage: TScanStage,
      outcome: "completed" | "skipped" | "failed" | "cancelled",
      error?: string,
    ) {
      const s = states[stage]!;
      update(stage, {
        status: outcome,
        done: outcome === "completed" ? Math.max(s.done, s.total) : s.done,
        waiting_on: undefined,
        finished_at: new Date().toISOString(),
        ...(error ? { error } : {}),
      });
      await send();
    },
    async end(final: "completed" | "failed" | "cancelled", error?: string) {
      status = final;
      // Work begun early for a stage the scan never reached was stopped with it.
      for (const stage of early) {
        if (states[stage]!.status === "running")
          update(stage, {
            status: "cancelled",
            waiting_on: undefined,
            finished_at: new Date().toISOString(),
          });
      }
      await send(error);
    },
    /** Re-sends the current states when nothing went out for `silentMs`: the web app's sign of life. */
    async keepalive(silentMs: number) {
      if (Date.now() - lastSent >= silentMs) await send();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
  return api;
}

export type StageProgress = ReturnType<typeof createStageProgress>;
