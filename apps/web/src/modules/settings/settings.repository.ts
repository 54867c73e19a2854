import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { settings } from "../../db/schema.ts";

export function createSettingsRepository(db: Db) {
  return {
    async get(key: string, tx: DbOrTx = db): Promise<Record<string, unknown> | null> {
      const rows = await tx.select().from(settings).where(eq(settings.key, key)).limit(1);
      return rows[0]?.value ?? null;
    },
    /** Locks the row (when present) so concurrent merges apply one after the other. */
    async getForUpdate(key: string, tx: DbOrTx): Promise<Record<string, unknown> | null> {
      const rows = await tx.select().from(settings).where(eq(settings.key, key)).for("update").limit(1);
      return rows[0]?.value ?? null;
    },
    async put(key: string, value: Record<string, unknown>, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: sql`now()` } });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
