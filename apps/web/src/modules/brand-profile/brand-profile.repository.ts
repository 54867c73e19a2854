import { and, eq, inArray, sql } from "drizzle-orm";
import type { TSocialHandleRef } from "@brandwarden/contract/brand";
import type { TDomainProfile } from "@brandwarden/contract/scan";
import type { TSocialProfile } from "@brandwarden/contract/events";
import type { Db, DbOrTx } from "../../db/client.ts";
import { derivedKeywords, ownedDomains, socialHandles, users } from "../../db/schema.ts";
import type { OwnedDomainRow, SocialHandleRow, UserRow } from "../../db/rows.ts";

type ProfileResult<P> = { status: "completed" | "failed"; profile: P | null; error?: string };

/**
 * The brand profile's tables: the user's brand fields (names, keywords, webhook, logo, keyword
 * generation), the derived keywords, and the owned domains and social handles, of which it is the
 * only writer. New domains and handles start at generation 1, `pending`; a re-enrichment or a
 * respelt handle moves to the next generation, which makes the older enrichment result stale.
 */
export function createBrandProfileRepository(db: Db) {
  return {
    /**
     * Saves the user's part of the brand profile (names, keywords, webhook) and moves the profile
     * to its next keyword generation.
     */
    async saveBrandFields(
      tx: DbOrTx,
      userId: string,
      profile: Pick<
        UserRow,
        | "brand_name"
        | "brand_names"
        | "keywords"
        | "webhook_url"
        | "webhook_secret"
        | "slack_webhook_url"
        | "teams_webhook_url"
        | "intel_min_severity"
        | "intel_tlp"
      >,
    ): Promise<void> {
      await tx
        .update(users)
        .set({ ...profile, keyword_generation: sql`${users.keyword_generation} + 1`, updated_at: sql`now()` })
        .where(eq(users.id, userId));
    },
    /** Stores the blob key and type of the user's accepted logo; false when there is no such user. */
    async setLogo(userId: string, logo: { key: string; contentType: string }): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ logo_key: logo.key, logo_content_type: logo.contentType, updated_at: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },
    async derivedKeywords(userId: string, tx: DbOrTx = db) {
      const rows = await tx
        .select()
        .from(derivedKeywords)
        .where(eq(derivedKeywords.user_id, userId))
        .limit(1);
      return rows[0] ?? null;
    },
    async upsertDerivedKeywords(tx: DbOrTx, userId: string, keywords: string[], generation: number) {
      await tx
        .insert(derivedKeywords)
        .values({ user_id: userId, keywords, generation })
        .onConflictDoUpdate({
          target: derivedKeywords.user_id,
          set: { keywords, generation, updated_at: sql`now()` },
        });
    },
    ownedDomains(userId: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(ownedDomains)
        .where(eq(ownedDomains.user_id, userId))
        .orderBy(ownedDomains.domain);
    },
    socialHandles(userId: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(socialHandles)
        .where(eq(socialHandles.user_id, userId))
        .orderBy(socialHandles.platform, socialHandles.handle);
    },
    async addOwnedDomains(tx: DbOrTx, userId: string, domains: string[]): Promise<OwnedDomainRow[]> {
      if (!domains.length) return [];
      return tx
        .insert(ownedDomains)
        .values(
          domains.map((domain) => ({
            user_id: userId,
            domain,
            generation: 1,
            enrichment_status: "pending" as const,
          })),
        )
        .returning();
    },
    async removeOwnedDomains(tx: DbOrTx, ids: string[]): Promise<void> {
      if (ids.length) await tx.delete(ownedDomains).where(inArray(ownedDomains.id, ids));
    },
    /** The user's owned domain under its next generation, `pending` again; null when not theirs. */
    async nextDomainGeneration(userId: string, id: string): Promise<OwnedDomainRow | null> {
      const [row] = await db
        .update(ownedDomains)
        .set({
          generation: sql`${ownedDomains.generation} + 1`,
          enrichment_status: "pending",
          enrichment_retries: 0,
          enrichment_requested_at: null,
          updated_at: sql`now()`,
        })
        .where(and(eq(ownedDomains.id, id), eq(ownedDomains.user_id, userId)))
        .returning();
      return row ?? null;
    },
    /** The owned domain when `generation` is still its current one (an enrichment job's check). */
    async ownedDomainAt(id: string, generation: number): Promise<OwnedDomainRow | null> {
      const [row] = await db
        .select()
        .from(ownedDomains)
        .where(and(eq(ownedDomains.id, id), eq(ownedDomains.generation, generation)));
      return row ?? null;
    },
    /** Owned domains still `pending` whose enrichment was asked for (or last re-asked) before `cutoff`. */
    stalePendingDomains(cutoff: Date): Promise<OwnedDomainRow[]> {
      return db
        .select()
        .from(ownedDomains)
        .where(
          and(
            eq(ownedDomains.enrichment_status, "pending"),
            sql`coalesce(${ownedDomains.enrichment_requested_at}, ${ownedDomains.updated_at}) < ${cutoff.toISOString()}::timestamptz`,
          ),
        );
    },
    /** Counts one more ask for the domain's current generation; false when it moved on meanwhile. */
    async markEnrichmentRetried(id: string, generation: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(ownedDomains)
        .set({
          enrichment_retries: sql`${ownedDomains.enrichment_retries} + 1`,
          enrichment_requested_at: at,
        })
        .where(
          and(
            eq(ownedDomains.id, id),
            eq(ownedDomains.generation, generation),
            eq(ownedDomains.enrichment_status, "pending"),
          ),
        )
        .returning({ id: ownedDomains.id });
      return rows.length > 0;
    },
    /** Marks the domain's enrichment of `generation` failed (nothing when superseded). */
    async failDomainEnrichment(id: string, generation: number, error: string): Promise<void> {
      await db
        .update(ownedDomains)
        .set({ enrichment_status: "failed", enrichment_error: error })
        .where(and(eq(ownedDomains.id, id), eq(ownedDomains.generation, generation)));
    },
    async addSocialHandles(
      tx: DbOrTx,
      userId: string,
      handles: TSocialHandleRef[],
    ): Promise<SocialHandleRow[]> {
      if (!handles.length) return [];
      return tx
        .insert(socialHandles)
        .values(
          handles.map((h) => ({ user_id: userId, platform: h.platform, handle: h.handle, generation: 1 })),
        )
        .returning();
    },
    async removeSocialHandles(tx: DbOrTx, ids: string[]): Promise<void> {
      if (ids.length) await tx.delete(socialHandles).where(inArray(socialHandles.id, ids));
    },
    /** A handle under a new spelling and its next generation, `pending` again. */
    async respellSocialHandle(tx: DbOrTx, id: string, handle: string): Promise<SocialHandleRow | null> {
      const [row] = await tx
        .update(socialHandles)
        .set({
          handle,
          generation: sql`${socialHandles.generation} + 1`,
          enrichment_status: "pending",
          enrichment_error: null,
          updated_at: sql`now()`,
        })
        .where(eq(socialHandles.id, id))
        .returning();
      return row ?? null;
    },
    /** The social handle when `generation` is still its current one (an enrichment job's check). */
    async socialHandleAt(id: string, generation: number): Promise<SocialHandleRow | null> {
      const [row] = await db
        .select()
        .from(socialHandles)
        .where(and(eq(socialHandles.id, id), eq(socialHandles.generation, generation)));
      return row ?? null;
    },
    /** Marks the handle's enrichment of `generation` failed (nothing when superseded). */
    async failSocialEnrichment(id: string, generation: number, error: string): Promise<void> {
      await db
        .update(socialHandles)
        .set({ enrichment_status: "failed", enrichment_error: error })
        .where(and(eq(socialHandles.id, id), eq(socialHandles.generation, generation)));
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

export type BrandProfileRepository = ReturnType<typeof createBrandProfileRepository>;
