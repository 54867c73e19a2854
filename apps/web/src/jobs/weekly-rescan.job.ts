import type { JobQueue } from "@brandwarden/platform/queue/queue";
import { WEEKLY_RESCAN_JOB } from "../queue/job-names.ts";
import { ZWeeklyRescanJob } from "../queue/job-payloads.ts";

/** How often the schedule looks for due users: a user is rescanned at most this late. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** WeeklyRescanJob: rescans users whose last scan is older than RESCAN_INTERVAL (default 7 days). */
export function defineWeeklyRescanJob(
  queue: JobQueue,
  deps: { rescanDueUsers(intervalMs: number): Promise<string[]> },
): void {
  queue.define({
    name: WEEKLY_RESCAN_JOB,
    parse: (p) => ZWeeklyRescanJob.parse(p),
    attempts: 1,
    async handler({ interval_ms }) {
      await deps.rescanDueUsers(interval_ms);
    },
  });
}

/** The recurring check (hourly, or every interval when shorter); it runs once at start too. */
export function scheduleWeeklyRescan(queue: JobQueue, intervalMs: number): Promise<void> {
  return queue.schedule(
    "weekly-rescan",
    WEEKLY_RESCAN_JOB,
    { interval_ms: intervalMs },
    Math.min(intervalMs, CHECK_EVERY_MS),
  );
}
