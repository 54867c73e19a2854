import { eq } from "drizzle-orm";
import type { TEventOf } from "@brandwarden/contract/events";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import { scanLogs, scans } from "../../db/schema.ts";
import type { ScanStreamHub } from "../../live/scan-stream.ts";

/** Handles `log`: kept as the scan's log (dashboard), pushed to the owner's browser, and logged. */
export function createLogHandler(deps: { db: Db; hub: ScanStreamHub; logger: Logger }) {
  return async function onLog(message: TEventOf<"log">): Promise<void> {
    const { level, message: text, stage, code } = message.data;
    deps.logger[level]({ scan_id: message.scan_id, stage, code }, text);
    if (!message.scan_id) return;
    const [scan] = await deps.db.select({ id: scans.id }).from(scans).where(eq(scans.id, message.scan_id));
    if (!scan) return;
    await deps.db.insert(scanLogs).values({
      scan_id: message.scan_id,
      level,
      message: text,
      stage: stage ?? null,
      code: code ?? null,
      ts: new Date(message.ts),
    });
    deps.hub.publish({ type: "log", scan_id: message.scan_id, data: { ...message.data, ts: message.ts } });
  };
}
