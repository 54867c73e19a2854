import type { JobQueue } from "@brandwarden/platform/queue/queue";
import { ALERT_DELIVERY_ATTEMPTS } from "../modules/alerts/alert-delivery.ts";
import { ALERT_DELIVERY_JOB } from "../queue/job-names.ts";
import { ZAlertDeliveryJob } from "../queue/job-payloads.ts";

/** AlertDeliveryJob: one per alert, retried with backoff; a receiver that stays down is given up, never the alert. */
export function defineAlertDeliveryJob(
  queue: JobQueue,
  deps: { deliver(alertId: string, attempt: number): Promise<void> },
): void {
  queue.define({
    name: ALERT_DELIVERY_JOB,
    parse: (p) => ZAlertDeliveryJob.parse(p),
    attempts: ALERT_DELIVERY_ATTEMPTS,
    backoffMs: 2_000,
    concurrency: 4,
    async handler({ alert_id }, ctx) {
      await deps.deliver(alert_id, ctx.attempt);
    },
  });
}
