import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { EnrichmentService } from "../modules/brand-profile/enrichment.service.ts";
import type { WorkerClient } from "../worker-client/worker-client.ts";
import { ENRICH_DOMAIN_JOB } from "../queue/job-names.ts";
import { ZEnrichDomainJob } from "../queue/job-payloads.ts";

const ATTEMPTS = 3;

/**
 * EnrichDomainJob: on owned-domain create or update, asks the worker to profile the domain; the
 * profile comes back as a `domain_profile` event. A job for a superseded generation does nothing.
 * When the worker cannot do it (not implemented, or every attempt failed) the domain is marked
 * `failed` so the owner's deferred scans are not held back forever.
 */
export function defineEnrichDomainJob(
  queue: JobQueue,
  deps: { enrichment: Pick<EnrichmentService, "ownedDomainAt" | "failDomain">; worker: WorkerClient },
): void {
  queue.define({
    name: ENRICH_DOMAIN_JOB,
    parse: (p) => ZEnrichDomainJob.parse(p),
    attempts: ATTEMPTS,
    backoffMs: 2_000,
    concurrency: 4,
    async handler({ owned_domain_id, generation }, ctx) {
      const row = await deps.enrichment.ownedDomainAt(owned_domain_id, generation);
      if (!row) return;
      try {
        await deps.worker.enrichDomain({
          owned_domain_id,
          user_id: row.user_id,
          domain: row.domain,
          generation,
        });
      } catch (err) {
        const unsupported = (err as { status?: number }).status === 501;
        if (!unsupported && ctx.attempt < ATTEMPTS) throw err;
        await deps.enrichment.failDomain(row, generation, (err as Error).message);
      }
    },
  });
}
