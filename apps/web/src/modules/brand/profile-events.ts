import type { TEventOf } from "@brandwarden/contract/events";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { BrandRepository } from "./brand.repository.ts";

/**
 * Handles domain_profile and social_profile: applied only for the row's current generation (a
 * stale result is ignored); a completed domain profile may release the owner's deferred scans.
 */
export function createProfileEventHandlers(deps: {
  brand: BrandRepository;
  dispatchDeferred: (userId: string) => Promise<number>;
  logger: Logger;
}) {
  return {
    async domainProfile(message: TEventOf<"domain_profile">) {
      const d = message.data;
      const row = await deps.brand.applyDomainProfile(d.owned_domain_id, d.user_id, d.generation, d);
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
      const row = await deps.brand.applySocialProfile(d.social_handle_id, d.user_id, d.generation, d);
      if (!row)
        deps.logger.info(
          { social_handle_id: d.social_handle_id, generation: d.generation },
          "stale social profile ignored",
        );
    },
  };
}
