import type { JobQueue } from "@brandwarden/platform/queue/queue";
import { WATCH_JOB } from "../queue/job-names.ts";
import { ZWatchJob } from "../queue/job-payloads.ts";

/** WatchJob: a watch round for every user with an owned domain (one running round per user). */
export function defineWatchJob(queue: JobQueue, deps: { watch: { runDue(): Promise<unknown> } }): void {
  queue.define({
    name: WATCH_JOB,
    parse: (p) => ZWatchJob.parse(p ?? {}),
    attempts: 1,
    async handler() {
      await deps.watch.runDue();
    },
  });
}

/** Every WATCH_INTERVAL (and once at start, like every schedule). */
export function scheduleWatch(queue: JobQueue, intervalMs: number): Promise<void> {
  return queue.schedule("watch", WATCH_JOB, {}, intervalMs);
}
