import { desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { UserRow } from "../../db/rows.ts";

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
    /** The accounts whose labels train the platform's weight set. */
    async trustedIds(): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.trusted, true));
      return rows.map((r) => r.id);
    },
    list(): Promise<UserRow[]> {
      return db.select().from(users).orderBy(desc(users.created_at));
    },
    /** The updated user, or null when there is none; a taken e-mail throws the database's 23505. */
    async update(
      id: string,
      set: { email?: string; admin?: boolean; trusted?: boolean },
      tx: DbOrTx = db,
    ): Promise<UserRow | null> {
      const [row] = await tx
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
    async setPasswordHash(tx: DbOrTx, userId: string, passwordHash: string): Promise<void> {
      await tx
        .update(users)
        .set({ password_hash: passwordHash, updated_at: sql`now()` })
        .where(eq(users.id, userId));
    },
    /** Raises the user's snapshot-link generation (every earlier link is revoked). */
    async bumpSnapshotLinkGeneration(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ snapshot_link_generation: sql`${users.snapshot_link_generation} + 1`, updated_at: sql`now()` })
        .where(eq(users.id, userId));
    },
    /** Locks the user row so a profile change and a derived-keyword save cannot interleave. */
    async lockUser(tx: DbOrTx, userId: string): Promise<UserRow | null> {
      const rows = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
      return rows[0] ?? null;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
