import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { TakedownSending } from "../modules/takedowns/takedown-sending.ts";
import { TAKEDOWN_SEND_JOB } from "../queue/job-names.ts";
import { ZTakedownSendJob } from "../queue/job-payloads.ts";

/**
 * TakedownSendJob: a case's report e-mailed to the recipients the send request marked `sending`;
 * each ends `sent` (with its Message-ID) or `failed` (with the error). One attempt: a message
 * that went out is never sent twice; a failed recipient is sent again by the analyst.
 */
export function defineTakedownSendJob(
  queue: JobQueue,
  deps: { takedownSending: Pick<TakedownSending, "sendQueued"> },
): void {
  queue.define({
    name: TAKEDOWN_SEND_JOB,
    parse: (p) => ZTakedownSendJob.parse(p),
    attempts: 1,
    async handler({ case_id, recipient_ids }) {
      await deps.takedownSending.sendQueued(case_id, recipient_ids);
    },
  });
}
