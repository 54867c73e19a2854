import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { keywordExpansionProblems, users } from "../../db/schema.ts";
import type { KeywordExpansionProblemRow } from "../../db/rows.ts";

export type KeywordExpansionProblem = Omit<KeywordExpansionProblemRow, "user_id">;

export function createKeywordExpansionRepository(db: Db) {
  return {
    /**
     * Keeps the problem as the user's latest, unless one for a newer generation is already there
     * (events may arrive out of order) or the user is gone. True when stored.
     */
    async record(userId: string, problem: KeywordExpansionProblem): Promise<boolean> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) return false;
      const rows = await db
        .insert(keywordExpansionProblems)
        .values({ user_id: userId, ...problem })
        .onConflictDoUpdate({
          target: keywordExpansionProblems.user_id,
          set: {
            generation: problem.generation,
            kind: problem.kind,
            code: problem.code,
            message: problem.message,
            reported_at: problem.reported_at,
          },
          setWhere: lte(keywordExpansionProblems.generation, problem.generation),
        })
        .returning({ user_id: keywordExpansionProblems.user_id });
      return rows.length > 0;
    },
    /** The problem reported for this generation of the user's profile, if any. */
    async forGeneration(userId: string, generation: number): Promise<KeywordExpansionProblemRow | null> {
      const [row] = await db
        .select()
        .from(keywordExpansionProblems)
        .where(
          and(
            eq(keywordExpansionProblems.user_id, userId),
            eq(keywordExpansionProblems.generation, generation),
          ),
        );
      return row ?? null;
    },
  };
}

export type KeywordExpansionRepository = ReturnType<typeof createKeywordExpansionRepository>;
