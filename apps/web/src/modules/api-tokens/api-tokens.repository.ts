import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { apiTokens, users } from "../../db/schema.ts";
import type { UserRow } from "../../db/rows.ts";

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Personal API tokens, found by the hash of the token. */
export function createApiTokensRepository(db: Db) {
  return {
    async insert(row: {
      user_id: string;
      name: string;
      token_hash: string;
      prefix: string;
    }): Promise<ApiTokenRow> {
      const [created] = await db.insert(apiTokens).values(row).returning();
      return created!;
    },
    list: (userId: string): Promise<ApiTokenRow[]> =>
      db.select().from(apiTokens).where(eq(apiTokens.user_id, userId)).orderBy(desc(apiTokens.created_at)),
    /** Deletes the user's token; false when they have no such token. */
    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.user_id, userId)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },
    /** The token with this hash and its user, its `last_used_at` moved to now; null when unknown. */
    async use(tokenHash: string): Promise<{ token: ApiTokenRow; user: UserRow } | null> {
      const [token] = await db
        .update(apiTokens)
        .set({ last_used_at: sql`now()` })
        .where(eq(apiTokens.token_hash, tokenHash))
        .returning();
      if (!token) return null;
      const [user] = await db.select().from(users).where(eq(users.id, token.user_id));
      return user ? { token, user } : null;
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
