import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { EnrichmentService } from "../modules/brand-profile/enrichment.service.ts";
import type { WorkerClient } from "../worker-client/worker-client.ts";
import { ENRICH_SOCIAL_HANDLE_JOB } from "../queue/job-names.ts";
import { ZEnrichSocialHandleJob } from "../queue/job-payloads.ts";

const ATTEMPTS = 3;

/** EnrichSocialHandleJob: on handle create or update, asks the worker for the handle's profile. */
export function defineEnrichSocialHandleJob(
  queue: JobQueue,
  deps: { enrichment: Pick<EnrichmentService, "socialHandleAt" | "failSocialHandle">; worker: WorkerClient },
): void {
  queue.define({
    name: ENRICH_SOCIAL_HANDLE_JOB,
    parse: (p) => ZEnrichSocialHandleJob.parse(p),
    attempts: ATTEMPTS,
    backoffMs: 2_000,
    concurrency: 4,
    async handler({ social_handle_id, generation }, ctx) {
      const row = await deps.enrichment.socialHandleAt(social_handle_id, generation);
      if (!row) return;
      try {
        await deps.worker.enrichSocial({
          social_handle_id,
          user_id: row.user_id,
          platform: row.platform as TSocialPlatform,
          handle: row.handle,
          generation,
        });
      } catch (err) {
        const unsupported = (err as { status?: number }).status === 501;
        if (!unsupported && ctx.attempt < ATTEMPTS) throw err;
        await deps.enrichment.failSocialHandle(social_handle_id, generation, (err as Error).message);
      }
    },
  });
}
