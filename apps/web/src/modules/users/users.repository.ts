import { desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { derivedKeywords, users } from "../../db/schema.ts";

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string, tx: DbOrTx = db): Promise<UserRow | null> {
      const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return rows[0] ?? null;
    },
    async insert(row: typeof users.$inferInsert): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      return created!;
    },
    /** Every user, newest first (the admin area's registry). */
    list(): Promise<UserRow[]> {
      return db.select().from(users).orderBy(desc(users.created_at));
    },
    /** The updated user, or null when there is none; a taken e-mail throws the database's 23505. */
    async update(id: string, set: { email?: string; admin?: boolean }): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ ...set, updated_at: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },
    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
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
    async setPasswordHash(tx: DbOrTx, userId: string, passwordHash: string): Promise<void> {
      await tx
        .update(users)
        .set({ password_hash: passwordHash, updated_at: sql`now()` })
        .where(eq(users.id, userId));
    },
    /**
     * Saves the user's part of the brand profile (names, keywords, webhook) and moves the profile
     * to its next keyword generation.
     */
    async saveBrandProfile(
      tx: DbOrTx,
      userId: string,
      profile: Pick<UserRow, "brand_name" | "brand_names" | "keywords" | "webhook_url" | "webhook_secret">,
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
    /** Locks the user row so a profile change and a derived-keyword save cannot interleave. */
    async lockUser(tx: DbOrTx, userId: string): Promise<UserRow | null> {
      const rows = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
      return rows[0] ?? null;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
