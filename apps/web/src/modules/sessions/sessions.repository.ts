import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "../../db/schema.ts";

export function createSessionsRepository(db: Db) {
  return {
    async create(row: typeof sessions.$inferInsert) {
      const [created] = await db.insert(sessions).values(row).returning();
      return created!;
    },
    /** The session and its user, touching `last_seen_at` at most once a minute. */
    async find(id: string) {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(eq(sessions.id, id))
        .limit(1);
      const row = rows[0];
      if (row && Date.now() - row.session.last_seen_at.getTime() > 60_000) {
        await db
          .update(sessions)
          .set({ last_seen_at: sql`now()` })
          .where(eq(sessions.id, id));
      }
      return row ?? null;
    },
    async delete(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteForUser(userId: string, exceptId?: string) {
      await db
        .delete(sessions)
        .where(
          exceptId
            ? and(eq(sessions.user_id, userId), sql`${sessions.id} <> ${exceptId}`)
            : eq(sessions.user_id, userId),
        );
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
