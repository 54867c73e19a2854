import type { Logger } from "@brandwarden/platform/logger/logger";
import type { ScansRepository } from "./scans.repository.ts";
import type { ScansService } from "./scans.service.ts";

export interface RescanDeps {
  scans: ScansRepository;
  scansService: ScansService;
  logger: Logger;
  /** The clock; tests pass their own. */
  now?: () => Date;
}

/**
 * Starts a scan for every user whose last scan started at least `intervalMs` ago and has ended.
 * Scheduling from each user's own last scan (not from process start) means a restart rescans
 * nobody early, and a user who scanned by hand yesterday waits a full interval from then.
 */
export async function rescanDueUsers(deps: RescanDeps, intervalMs: number): Promise<string[]> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  const started: string[] = [];
  for (const last of await deps.scans.latestPerUser()) {
    if (last.status === "pending" || last.status === "queued" || last.status === "running") continue;
    if (now - last.created_at.getTime() < intervalMs) continue;
    try {
      const scan = await deps.scansService.start({ id: last.user_id, admin: false });
      started.push(scan.id);
      deps.logger.info({ user_id: last.user_id, scan_id: scan.id }, "weekly rescan started");
    } catch (err) {
      deps.logger.warn({ user_id: last.user_id, err: (err as Error).message }, "weekly rescan skipped");
    }
  }
  return started;
}
