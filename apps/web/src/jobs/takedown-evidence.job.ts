import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { TakedownEvidence } from "../modules/takedowns/takedown-evidence.ts";
import { TAKEDOWN_EVIDENCE_JOB } from "../queue/job-names.ts";
import { ZTakedownEvidenceJob } from "../queue/job-payloads.ts";

const ATTEMPTS = 2;

/**
 * TakedownEvidenceJob: the worker captures a new case's evidence pack (up to 120 s); stored once
 * (a case whose pack is ready is left alone); after the last failed attempt the evidence is
 * `failed` with the reason and the case stays usable.
 */
export function defineTakedownEvidenceJob(
  queue: JobQueue,
  deps: { takedownEvidence: Pick<TakedownEvidence, "capture"> },
): void {
  queue.define({
    name: TAKEDOWN_EVIDENCE_JOB,
    parse: (p) => ZTakedownEvidenceJob.parse(p),
    attempts: ATTEMPTS,
    backoffMs: 5_000,
    concurrency: 2,
    async handler({ case_id }, ctx) {
      await deps.takedownEvidence.capture(case_id, ctx.attempt, ATTEMPTS);
    },
  });
}
