import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { TAlertType } from "@brandwarden/contract/alerts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { alerts } from "../../db/schema.ts";
import type { AlertRow } from "../../db/rows.ts";

export type AlertInsert = typeof alerts.$inferInsert;
export const ALERTS_PAGE_SIZE = 25;

/** The alert feed's SQL: raise once per dedupe key, page, mark read, record deliveries. */
export function createAlertsRepository(db: Db) {
  const mine = (userId: string, id: string) => and(eq(alerts.user_id, userId), eq(alerts.id, id));
  return {
    /** Inserts the alert; null when one with the same user and dedupe key exists. */
    async insert(row: AlertInsert, tx: DbOrTx = db): Promise<AlertRow | null> {
      const [inserted] = await tx
        .insert(alerts)
        .values(row)
        .onConflictDoNothing({ target: [alerts.user_id, alerts.dedupe_key] })
        .returning();
      return inserted ?? null;
    },
    async findById(id: string, tx: DbOrTx = db): Promise<AlertRow | null> {
      const [row] = await tx.select().from(alerts).where(eq(alerts.id, id));
      return row ?? null;
    },
    async page(userId: string, q: { page: number; unread?: boolean; type?: TAlertType }) {
      const conditions: SQL[] = [eq(alerts.user_id, userId)];
      if (q.unread === true) conditions.push(isNull(alerts.read_at));
      if (q.unread === false) conditions.push(sql`${alerts.read_at} is not null`);
      if (q.type) conditions.push(eq(alerts.type, q.type));
      const where = and(...conditions);
      const [rows, [total], [unread]] = await Promise.all([
        db
          .select()
          .from(alerts)
          .where(where)
          .orderBy(desc(alerts.created_at), desc(alerts.id))
          .limit(ALERTS_PAGE_SIZE)
          .offset((q.page - 1) * ALERTS_PAGE_SIZE),
        db.select({ n: count() }).from(alerts).where(where),
        db
          .select({ n: count() })
          .from(alerts)
          .where(and(eq(alerts.user_id, userId), isNull(alerts.read_at))),
      ]);
      return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
    },
    async markRead(userId: string, id: string): Promise<AlertRow | null> {
      const [row] = await db
        .update(alerts)
        .set({ read_at: sql`coalesce(${alerts.read_at}, now())` })
        .where(mine(userId, id))
        .returning();
      return row ?? null;
    },
    async markAllRead(userId: string): Promise<number> {
      const rows = await db
        .update(alerts)
        .set({ read_at: sql`now()` })
        .where(and(eq(alerts.user_id, userId), isNull(alerts.read_at)))
        .returning({ id: alerts.id });
      return rows.length;
    },
    async setDelivery(
      id: string,
      set: Partial<
        Pick<
          AlertRow,
          | "webhook_status"
          | "webhook_attempts"
          | "webhook_error"
          | "email_status"
          | "slack_status"
          | "teams_status"
          | "chat_error"
        >
      >,
    ): Promise<void> {
      await db.update(alerts).set(set).where(eq(alerts.id, id));
    },
    /** Alerts with a channel still pending (delivery jobs lost with a process). */
    async pendingIds(limit = 500): Promise<string[]> {
      const rows = await db
        .select({ id: alerts.id })
        .from(alerts)
        .where(
          sql`${alerts.webhook_status} = 'pending' or ${alerts.email_status} = 'pending' or ${alerts.slack_status} = 'pending' or ${alerts.teams_status} = 'pending'`,
        )
        .orderBy(alerts.created_at)
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
