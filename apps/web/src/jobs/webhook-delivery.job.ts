import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { WEBHOOK_JOB } from "../queue/job-names.ts";
import { ZWebhookJob, type TWebhookJob } from "../queue/job-payloads.ts";

const ATTEMPTS = 4;

/** WebhookDeliveryJob: best-effort, retried with backoff, then logged and dropped; it never fails the scan. */
export function defineWebhookDeliveryJob(
  queue: JobQueue,
  deps: {
    deliver(job: TWebhookJob): Promise<boolean>;
    /** Records the outcome on the scan: `delivered`, `none` (nothing to send), `failed` (given up). */
    setState(scanId: string, state: "delivered" | "none" | "failed"): Promise<void>;
    logger: Logger;
  },
): void {
  queue.define({
    name: WEBHOOK_JOB,
    parse: (p) => ZWebhookJob.parse(p),
    attempts: ATTEMPTS,
    backoffMs: 2_000,
    concurrency: 4,
    async handler(job, ctx) {
      let sent: boolean;
      try {
        sent = await deps.deliver(job);
      } catch (err) {
        if (ctx.attempt < ATTEMPTS) throw err;
        deps.logger.warn(
          { scan_id: job.scan_id, event: job.event, err: (err as Error).message },
          "webhook delivery given up",
        );
        await deps.setState(job.scan_id, "failed");
        return;
      }
      await deps.setState(job.scan_id, sent ? "delivered" : "none");
    },
  });
}
