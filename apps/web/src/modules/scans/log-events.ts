import type { TEventOf } from "@brandwarden/contract/events";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { ScanStreamHub } from "../../lib/scan-stream.ts";
import type { ScanLogsRepository } from "./scan-logs.repository.ts";

/** Handles `log`: kept as the scan's log (dashboard), pushed to the owner's browser, and logged. */
export function createLogHandler(deps: { logs: ScanLogsRepository; hub: ScanStreamHub; logger: Logger }) {
  return async function onLog(message: TEventOf<"log">): Promise<void> {
    const { level, message: text, stage, code } = message.data;
    deps.logger[level]({ scan_id: message.scan_id, stage, code }, text);
    if (!message.scan_id) return;
    const kept = await deps.logs.append({
      scan_id: message.scan_id,
      level,
      message: text,
      stage: stage ?? null,
      code: code ?? null,
      ts: new Date(message.ts),
    });
    if (!kept) return;
    deps.hub.publish({ type: "log", scan_id: message.scan_id, data: { ...message.data, ts: message.ts } });
  };
}
