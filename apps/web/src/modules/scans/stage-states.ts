import type { TStageStates } from "@brandwarden/contract/scan";
import { SCAN_STAGES, type TScanStage, type TScanStatus } from "@brandwarden/contract/constants";

/** Merges per-stage progress: a stage named in `incoming` replaces the stored one, others stay. */
export function mergeStageStates(current: TStageStates, incoming: TStageStates): TStageStates {
  return { ...current, ...incoming };
}

/** The first stage that did not complete (or was skipped): where a resumed scan restarts. */
export function resumeStage(states: TStageStates): TScanStage | null {
  for (const stage of SCAN_STAGES) {
    const s = states[stage];
    if (!s || (s.status !== "completed" && s.status !== "skipped")) return stage;
  }
  return null;
}

/** Did any stage change status (a phase update) rather than only count progress? */
export function stageStatusChanged(current: TStageStates, incoming: TStageStates): boolean {
  return Object.entries(incoming).some(([stage, s]) => current[stage as TScanStage]?.status !== s?.status);
}

/** Status moves the web application accepts from the worker's progress events. */
export function nextScanStatus(current: TScanStatus, incoming: TScanStatus): TScanStatus | null {
  if (current === "completed" || current === "failed" || current === "cancelled") return null;
  if (incoming === "pending" || incoming === "queued") return current === "pending" ? incoming : null;
  return incoming;
}
