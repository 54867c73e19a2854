import type { Bus } from "@brandwarden/platform/bus/bus";
import { eventApplied, type AppendedEvent } from "@brandwarden/platform/messaging/event-streams";

const POLL_MS = 25;

/**
 * Waits until the web app applied an appended message (or the scan is cancelled). For the
 * embedded mode, whose event stream lives in memory: a stage's checkpoint then never outlives
 * messages that a killed process would lose.
 */
export function settleOn(bus: Bus) {
  return async (appended: AppendedEvent, signal: AbortSignal): Promise<void> => {
    while (!signal.aborted && !(await eventApplied(bus, appended))) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
}
