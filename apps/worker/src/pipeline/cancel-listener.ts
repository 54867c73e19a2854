import { eventChannel, ZControlCommand } from "@brandwarden/contract/events";
import type { Bus } from "@brandwarden/platform/bus/bus";
import type { Logger } from "@brandwarden/platform/logger/logger";

/** Listens on `<prefix>:control` and cancels scans running in this process on `{type: "cancel"}`. */
export async function listenForCancel(deps: {
  bus: Bus;
  prefix: string;
  cancel: (scanId: string) => boolean;
  logger: Logger;
}): Promise<() => Promise<void>> {
  return deps.bus.psubscribe(eventChannel(deps.prefix, "control"), (_channel, message) => {
    const parsed = ZControlCommand.safeParse(message);
    if (!parsed.success) {
      deps.logger.warn({ message }, "ignored malformed control command");
      return;
    }
    const here = deps.cancel(parsed.data.scan_id);
    deps.logger.info({ scan_id: parsed.data.scan_id, running_here: here }, "cancel command received");
  });
}
