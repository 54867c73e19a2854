import type { TScanStartPayload } from "@brandwarden/contract/scan";
import type { TScanStage } from "@brandwarden/contract/constants";
import type { Logger } from "@brandwarden/platform/logger/logger";
import {
  createCircuitBreaker,
  type CircuitBreaker,
} from "../../capabilities/circuit-breaker/circuit-breaker.ts";
import type { ScanData } from "./scan-data.ts";
import type { ScanPublisher } from "../../ports/events/scan-publisher.ts";

export interface StageContext {
  scanId: string;
  payload: TScanStartPayload;
  data: ScanData;
  /** Aborted on cancel: stages pass it to every network call and check it between batches. */
  signal: AbortSignal;
  /** Counts the stage's work; `waitingOn` says what it waits on now (null: nothing in particular). */
  progress(done: number, total?: number, waitingOn?: string | null): void;
  /** Progress of a later stage whose work this one began early: that stage shows running from now. */
  progressOf(stage: TScanStage): (done: number, total?: number, waitingOn?: string | null) => void;
  publisher: ScanPublisher;
  log(level: "info" | "warn" | "error", message: string, code?: string): Promise<void>;
  logger: Logger;
  /** Told of each source the stage's circuit breaker gives up (metrics). */
  sourceOpened?: (source: string) => void;
}

/** What a stage returns: nothing when it ran, or why it was skipped. */
type StageOutcome = void | { skipped: string };

export interface StageDef {
  name: TScanStage;
  /** The part of ScanData this stage produces (and its checkpoint holds). */
  output: keyof ScanData;
  run(ctx: StageContext): Promise<StageOutcome>;
}

export class ScanCancelledError extends Error {
  override name = "ScanCancelledError";
}

export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new ScanCancelledError("scan cancelled");
}

/** The scan log as `stage` writes it, from whichever stage's context (work started early). */
export function logAs(ctx: StageContext, stage: TScanStage): StageContext["log"] {
  return (level, message, code) =>
    ctx.publisher
      .publish("log", { level, message: `[${stage}] ${message}`, ...(code ? { code } : {}) })
      .then(() => undefined, () => undefined); // prettier-ignore
}

/** A stage's circuit breaker: a source it gives up is named in the scan log, once. */
export function sourceBreaker(ctx: StageContext): CircuitBreaker {
  return createCircuitBreaker({
    onOpen: (source, reason) => {
      ctx.sourceOpened?.(source);
      void ctx.log("warn", `${source} unreachable (${reason}); given up for the rest of the scan`, "source_given_up"); // prettier-ignore
    },
  });
}

/** Says in the scan log that the stage waits for the web app to read the weights (a restart, an outage). */
export function waitingForWeights(ctx: StageContext): (reason: string) => void {
  return (reason) =>
    void ctx.log(
      "warn",
      `waiting for the web app to read the weights that score your findings (${reason})`,
      "weights_waiting",
    );
}
