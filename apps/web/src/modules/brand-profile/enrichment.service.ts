import type { TEventOf } from "@brandwarden/contract/events";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import { ENRICH_DOMAIN_JOB } from "../../queue/job-names.ts";
import type { OwnedDomainRow } from "../../db/rows.ts";
import type { BrandProfileRepository } from "./brand-profile.repository.ts";

/**
 * The web side of the owned domains' and social handles' enrichment (the worker profiles them):
 * what the enrichment jobs check and record, and the `domain_profile` and `social_profile` events,
 * applied only for the row's current generation (a stale result is ignored). A domain whose
 * enrichment ended, completed or failed, may release the owner's deferred scans.
 */
export function createEnrichmentService(deps: {
  repo: BrandProfileRepository;
  queue: JobQueue;
  /** A domain pending this long since it was asked for is asked again (the worker may have died after answering). */
  staleMs: number;
  /** Asks after the first; then the domain is failed with a message. */
  retries: number;
  /** The scans module's: dispatches the user's deferred scans once no domain profile is pending. */
  dispatchDeferred: (userId: string) => Promise<number>;
  logger: Logger;
}) {
  const service = {
    /**
     * Owned domains whose profile never came (a worker killed after answering `/domain/enrich`):
     * each pending longer than `staleMs` since it was asked for is asked again, up to `retries`
     * times, then failed with a message, which releases the owner's deferred scans. Run by the
     * scans' reconciliation; `now` is injectable for tests.
     */
    async sweepPending(now = new Date()): Promise<{ retried: number; failed: number }> {
      let retried = 0;
      let failed = 0;
      for (const row of await deps.repo.stalePendingDomains(new Date(now.getTime() - deps.staleMs))) {
        if (row.enrichment_retries >= deps.retries) {
          const minutes = Math.round(deps.staleMs / 60_000);
          await service.failDomain(
            row,
            row.generation,
            `the worker never reported this domain's profile (asked ${deps.retries + 1} times, ${minutes} min apart); scans go ahead without it`,
          );
          failed++;
          continue;
        }
        if (!(await deps.repo.markEnrichmentRetried(row.id, row.generation, now))) continue;
        await deps.queue.enqueue(
          ENRICH_DOMAIN_JOB,
          { owned_domain_id: row.id, generation: row.generation },
          { jobId: `enrich-domain-${row.id}-${row.generation}-retry-${row.enrichment_retries + 1}` },
        );
        retried++;
      }
      if (retried || failed)
        deps.logger.warn(
          { retried, failed },
          "owned-domain enrichment stayed pending; asked again or failed",
        );
      return { retried, failed };
    },

    /** The owned domain when `generation` is still its current one (an enrichment job's check). */
    ownedDomainAt: (id: string, generation: number) => deps.repo.ownedDomainAt(id, generation),

    /** The worker could not profile the domain: `failed`, so the owner's deferred scans are not held back. */
    async failDomain(row: Pick<OwnedDomainRow, "id" | "user_id">, generation: number, error: string) {
      await deps.repo.failDomainEnrichment(row.id, generation, error);
      await deps.dispatchDeferred(row.user_id);
    },

    /** The social handle when `generation` is still its current one (an enrichment job's check). */
    socialHandleAt: (id: string, generation: number) => deps.repo.socialHandleAt(id, generation),

    /** Marks the handle's enrichment of `generation` failed (nothing when superseded). */
    failSocialHandle: (id: string, generation: number, error: string) =>
      deps.repo.failSocialEnrichment(id, generation, error),

    async domainProfile(message: TEventOf<"domain_profile">) {
      const d = message.data;
      const row = await deps.repo.applyDomainProfile(d.owned_domain_id, d.user_id, d.generation, d);
      if (!row) {
        deps.logger.info(
          { owned_domain_id: d.owned_domain_id, generation: d.generation },
          "stale domain profile ignored",
        );
        return;
      }
      await deps.dispatchDeferred(row.user_id);
    },

    async socialProfile(message: TEventOf<"social_profile">) {
      const d = message.data;
      const row = await deps.repo.applySocialProfile(d.social_handle_id, d.user_id, d.generation, d);
      if (!row)
        deps.logger.info(
          { social_handle_id: d.social_handle_id, generation: d.generation },
          "stale social profile ignored",
        );
    },
  };
  return service;
}

export type EnrichmentService = ReturnType<typeof createEnrichmentService>;
