import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { TakedownChecks } from "../modules/takedowns/takedown-checks.ts";
import { TAKEDOWN_CHECK_JOB } from "../queue/job-names.ts";
import { ZTakedownCheckJob } from "../queue/job-payloads.ts";

/** TakedownCheckJob: every sent, escalated or down case's site checked; escalations when due. */
export function defineTakedownCheckJob(
  queue: JobQueue,
  deps: { takedownChecks: Pick<TakedownChecks, "runDue"> },
): void {
  queue.define({
    name: TAKEDOWN_CHECK_JOB,
    parse: (p) => ZTakedownCheckJob.parse(p ?? {}),
    attempts: 1,
    async handler() {
      await deps.takedownChecks.runDue();
    },
  });
}

/** Every TAKEDOWN_CHECK_INTERVAL (and once at start, like every schedule). */
export function scheduleTakedownChecks(queue: JobQueue, intervalMs: number): Promise<void> {
  return queue.schedule("takedown-check", TAKEDOWN_CHECK_JOB, {}, intervalMs);
}
