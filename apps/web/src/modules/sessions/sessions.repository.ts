import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "../../db/schema.ts";

export interface SessionLimits {
  /** A session not used for this long is over. */
  idleTimeoutMs: number;
  /** A session is over this long after it was created, however much it is used. */
  maxAgeMs: number;
}

type SessionRow = typeof sessions.$inferSelect;

/** Whether a session is still within its idle and absolute limits at `now`. */
function sessionIsLive(session: SessionRow, limits: SessionLimits, now = Date.now()): boolean {
  return (
    now - session.last_seen_at.getTime() < limits.idleTimeoutMs &&
    now - session.created_at.getTime() < limits.maxAgeMs
  );
}

export function createSessionsRepository(db: Db, limits: SessionLimits) {
  return {
    async create(row: typeof sessions.$inferInsert) {
      const [created] = await db.insert(sessions).values(row).returning();
      return created!;
    },
    /**
     * The live session and its user, touching `last_seen_at` at most once a minute. A session past
     * its idle or absolute limit is deleted and not returned.
     */
    async find(id: string) {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(eq(sessions.id, id))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      if (!sessionIsLive(row.session, limits)) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (Date.now() - row.session.last_seen_at.getTime() > 60_000) {
        await db
          .update(sessions)
          .set({ last_seen_at: sql`now()` })
          .where(eq(sessions.id, id));
      }
      return row;
    },
    /** Of `ids`, those naming a live session (without touching them: an open stream is not use). */
    async liveIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select().from(sessions).where(inArray(sessions.id, ids));
      const now = Date.now();
      return new Set(rows.filter((r) => sessionIsLive(r, limits, now)).map((r) => r.id));
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
