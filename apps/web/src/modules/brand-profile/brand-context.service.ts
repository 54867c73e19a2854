import type { TBrandContext, TDerivedKeywords, TSocialPlatform } from "@brandwarden/contract/brand";
import { AppError, notFound } from "@brandwarden/platform/http/app-error";
import type { Db } from "../../db/client.ts";
import type { OwnedDomainRow } from "../../db/rows.ts";
import type { UsersService } from "../users/users.service.ts";
import type { BrandProfileRepository } from "./brand-profile.repository.ts";
import { buildScanBrand, enrichmentPending, type ScanBrand } from "./scan-brand.ts";

/** Downcased, trimmed, deduplicated in first-seen order, empties dropped. */
export function normaliseKeywords(keywords: string[]): string[] {
  return [...new Set(keywords.map((k) => k.trim().toLowerCase()).filter(Boolean))];
}

/**
 * The brand profile as the rest of the product reads it: the worker's brand context and derived
 * keywords (internal API, stale generations refused), a scan's or watch round's brand, and
 * whether the owned domains' enrichment still holds scans back.
 */
export function createBrandContextService(deps: {
  db: Db;
  repo: BrandProfileRepository;
  users: Pick<UsersService, "findById" | "lockUser">;
  publicUrl: string;
}) {
  async function derivedKeywords(userId: string): Promise<TDerivedKeywords> {
    const user = await deps.users.findById(userId);
    if (!user) throw notFound("User");
    const stored = await deps.repo.derivedKeywords(userId);
    if (stored && stored.generation === user.keyword_generation) {
      return { keywords: stored.keywords, generation: stored.generation };
    }
    return { keywords: [], generation: user.keyword_generation };
  }

  return {
    derivedKeywords,

    /** Stores keywords derived for `generation`; a result for an older profile is rejected (409). */
    async saveDerivedKeywords(userId: string, input: TDerivedKeywords): Promise<TDerivedKeywords> {
      return deps.db.transaction(async (tx) => {
        const user = await deps.users.lockUser(tx, userId);
        if (!user) throw notFound("User");
        if (input.generation !== user.keyword_generation) {
          throw new AppError(
            "stale_generation",
            `Generation ${input.generation} is stale; the current generation is ${user.keyword_generation}`,
            { current_generation: user.keyword_generation },
          );
        }
        const keywords = normaliseKeywords(input.keywords);
        await deps.repo.upsertDerivedKeywords(tx, userId, keywords, input.generation);
        return { keywords, generation: input.generation };
      });
    },

    async brandContext(userId: string): Promise<TBrandContext> {
      const user = await deps.users.findById(userId);
      if (!user) throw notFound("User");
      const [domains, handles, derived] = await Promise.all([
        deps.repo.ownedDomains(userId),
        deps.repo.socialHandles(userId),
        derivedKeywords(userId),
      ]);
      return {
        brand_name: user.brand_name ?? user.brand_names[0] ?? "",
        social_handles: handles.map((h) => ({ platform: h.platform as TSocialPlatform, handle: h.handle })),
        keywords: user.keywords,
        derived_keywords: derived.keywords,
        owned_domains: domains.map((d) => ({
          domain: d.domain,
          title: d.profile?.title ?? null,
          content_snippet: d.profile?.content_snippet ?? null,
        })),
      };
    },

    /** The user's brand as a scan or a watch round takes it; null when there is no such user. */
    async scanBrand(userId: string): Promise<ScanBrand | null> {
      const user = await deps.users.findById(userId);
      if (!user) return null;
      const [domains, handles, derived] = await Promise.all([
        deps.repo.ownedDomains(user.id),
        deps.repo.socialHandles(user.id),
        derivedKeywords(user.id),
      ]);
      return buildScanBrand({
        user,
        derivedKeywords: derived.keywords,
        domains,
        handles,
        logoUrl: user.logo_key ? new URL(`/media/logos/${user.id}`, deps.publicUrl).toString() : null,
      });
    },

    /** The user's owned domains with their enrichment state, by name. */
    ownedDomains: (userId: string): Promise<OwnedDomainRow[]> => deps.repo.ownedDomains(userId),

    /** True while an owned domain's profile is pending: the user's scans wait for it. */
    async enrichmentPending(userId: string): Promise<boolean> {
      return enrichmentPending(await deps.repo.ownedDomains(userId));
    },
  };
}

export type BrandContextService = ReturnType<typeof createBrandContextService>;
