import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { passwordResets } from "../../db/schema.ts";

/** Reset links: only the token's SHA-256 is stored; a link is live while unused and unexpired. */
export function createPasswordResetsRepository(db: Db) {
  return {
    async insert(row: { user_id: string; token_hash: string; expires_at: Date }) {
      await db.insert(passwordResets).values(row);
    },
    /** The live link with this token hash, or null (cheap: no password is hashed before this answers). */
    async findLive(tokenHash: string) {
      const rows = await db
        .select()
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.token_hash, tokenHash),
            isNull(passwordResets.used_at),
            gt(passwordResets.expires_at, sql`now()`),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    /** Marks this link used; false when a concurrent request used it first. */
    async claim(tx: DbOrTx, id: string): Promise<boolean> {
      const rows = await tx
        .update(passwordResets)
        .set({ used_at: sql`now()` })
        .where(and(eq(passwordResets.id, id), isNull(passwordResets.used_at)))
        .returning({ id: passwordResets.id });
      return rows.length === 1;
    },
    /** Voids every outstanding link of the user (after a reset or a password change). */
    async voidForUser(tx: DbOrTx, userId: string): Promise<void> {
      await tx
        .update(passwordResets)
        .set({ used_at: sql`now()` })
        .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)));
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
