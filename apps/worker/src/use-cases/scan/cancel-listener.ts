import { ZControlCommand } from "@brandwarden/contract/events";
import type { Bus } from "@brandwarden/platform/bus/bus";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { CONTROL_REPLAY_MS, controlStream } from "@brandwarden/platform/messaging/event-streams";

/**
 * Reads the durable control stream and cancels scans on `{type: "cancel"}`. Every worker reads
 * every command, starting an hour back: a cancel sent while this worker restarted or lost Redis
 * for a while still reaches it. Each command carries its stream id to the runner, which ignores a
 * command older than the run it would stop (a cancel of an earlier run, replayed after a resume).
 */
export async function listenForCancel(deps: {
  bus: Bus;
  prefix: string;
  cancel: (scanId: string, commandId: string) => boolean;
  logger: Logger;
}): Promise<() => Promise<void>> {
  return deps.bus.tail(controlStream(deps.prefix), Date.now() - CONTROL_REPLAY_MS, (message, id) => {
    const parsed = ZControlCommand.safeParse(message);
    if (!parsed.success) {
      deps.logger.warn({ message }, "ignored malformed control command");
      return;
    }
    const here = deps.cancel(parsed.data.scan_id, id);
    if (here) deps.logger.info({ scan_id: parsed.data.scan_id }, "cancel command received; scan stopped");
  });
}

/** The newest command's id: a run accepted now is stopped only by commands after it. */
export const commandMark = (bus: Bus, prefix: string) => () => bus.lastId(controlStream(prefix));
