import type { TEventOf } from "@brandwarden/contract/events";
import type { Logger } from "@brandwarden/platform/logger/logger";
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
  /** The scans module's: dispatches the user's deferred scans once no domain profile is pending. */
  dispatchDeferred: (userId: string) => Promise<number>;
  logger: Logger;
}) {
  return {
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
}

export type EnrichmentService = ReturnType<typeof createEnrichmentService>;
