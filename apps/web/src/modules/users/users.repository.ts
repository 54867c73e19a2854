import { eq, sql } from "drizzle-orm";
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
    /** Locks the user row so a profile change and a derived-keyword save cannot interleave. */
    async lockUser(tx: DbOrTx, userId: string): Promise<UserRow | null> {
      const rows = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
      return rows[0] ?? null;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
