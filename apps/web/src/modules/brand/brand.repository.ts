import { and, eq, sql } from "drizzle-orm";
import type { TDomainProfile } from "@brandwarden/contract/scan";
import type { TSocialProfile } from "@brandwarden/contract/events";
import type { Db } from "../../db/client.ts";
import { ownedDomains, socialHandles } from "../../db/schema.ts";

export type OwnedDomainRow = typeof ownedDomains.$inferSelect;
export type SocialHandleRow = typeof socialHandles.$inferSelect;

type ProfileResult<P> = { status: "completed" | "failed"; profile: P | null; error?: string };

export function createBrandRepository(db: Db) {
  return {
    ownedDomains(userId: string) {
      return db
        .select()
        .from(ownedDomains)
        .where(eq(ownedDomains.user_id, userId))
        .orderBy(ownedDomains.domain);
    },
    socialHandles(userId: string) {
      return db
        .select()
        .from(socialHandles)
        .where(eq(socialHandles.user_id, userId))
        .orderBy(socialHandles.platform, socialHandles.handle);
    },
    /**
     * Applies an enrichment result only when it is for the row's current generation; returns the
     * updated row, or null when the result is stale (or the row is gone).
     */
    async applyDomainProfile(
      id: string,
      userId: string,
      generation: number,
      r: ProfileResult<TDomainProfile>,
    ) {
      const [row] = await db
        .update(ownedDomains)
        .set({
          enrichment_status: r.status,
          enrichment_error: r.error ?? null,
          profile: r.profile ?? sql`${ownedDomains.profile}`,
          profile_generation: generation,
          updated_at: sql`now()`,
        })
        .where(
          and(
            eq(ownedDomains.id, id),
            eq(ownedDomains.user_id, userId),
            eq(ownedDomains.generation, generation),
          ),
        )
        .returning();
      return row ?? null;
    },
    async applySocialProfile(
      id: string,
      userId: string,
      generation: number,
      r: ProfileResult<TSocialProfile>,
    ) {
      const [row] = await db
        .update(socialHandles)
        .set({
          enrichment_status: r.status,
          enrichment_error: r.error ?? null,
          profile: r.profile ?? sql`${socialHandles.profile}`,
          profile_generation: generation,
          updated_at: sql`now()`,
        })
        .where(
          and(
            eq(socialHandles.id, id),
            eq(socialHandles.user_id, userId),
            eq(socialHandles.generation, generation),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type BrandRepository = ReturnType<typeof createBrandRepository>;
