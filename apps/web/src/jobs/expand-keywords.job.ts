import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { UsersService } from "../modules/users/users.service.ts";
import type { WorkerClient } from "../worker-client/worker-client.ts";
import { EXPAND_KEYWORDS_JOB } from "../queue/job-names.ts";
import { ZExpandKeywordsJob } from "../queue/job-payloads.ts";

/** Contract part 8: keyword expansion runs at most 4 times per 30 minutes for a user. */
const EXPAND_KEYWORDS_LIMIT = { max: 4, windowMs: 30 * 60 * 1000 };

/**
 * ExpandKeywordsJob: on profile update, asks the worker to derive keywords for the user's current
 * generation (read when the job runs, so a burst of edits expands the latest profile; at most one
 * job per user waits, see brand-profile.service). The result
 * arrives on the internal API; a stale one is rejected there with 409.
 */
export function defineExpandKeywordsJob(
  queue: JobQueue,
  deps: { users: Pick<UsersService, "findById">; worker: WorkerClient; logger: Logger },
): void {
  queue.define({
    name: EXPAND_KEYWORDS_JOB,
    parse: (p) => ZExpandKeywordsJob.parse(p),
    attempts: 2,
    backoffMs: 10_000,
    rateLimit: { ...EXPAND_KEYWORDS_LIMIT, key: (p) => p.user_id },
    async handler({ user_id }) {
      // Jobs are deduplicated per user (jobId expand-keywords-<user>): a save made while this one
      // runs was folded into it, so the generation is read again after each request.
      let sent: number | null = null;
      for (;;) {
        const user = await deps.users.findById(user_id);
        if (!user || user.keyword_generation === sent) return;
        sent = user.keyword_generation;
        try {
          await deps.worker.expandKeywords({ user_id, generation: sent });
        } catch (err) {
          if ((err as { status?: number }).status === 501) {
            deps.logger.warn({ user_id }, "keyword expansion is not available from the worker");
            return;
          }
          throw err;
        }
      }
    },
  });
}
