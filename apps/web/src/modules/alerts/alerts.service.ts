import type { TAlert, TAlertType } from "@brandwarden/contract/alerts";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import { notFound } from "@brandwarden/platform/http/app-error";
import type { DbOrTx } from "../../db/client.ts";
import { ALERT_DELIVERY_JOB } from "../../queue/job-names.ts";
import { presentAlert } from "./alert-presenter.ts";
import { ALERTS_PAGE_SIZE, type AlertsRepository } from "./alerts.repository.ts";
import type { AlertRow } from "../../db/rows.ts";

/** What a monitor hands the alerts module. */
export interface AlertInput {
  user_id: string;
  type: TAlertType;
  /** The domain, `platform:handle`, or scan the alert is about. */
  subject: string;
  title: string;
  /** Why it matters: the signals that moved. */
  reason: string;
  severity?: string | null;
  /** The UI page that shows it, as a path. */
  link: string;
  finding_id?: string | null;
  scan_id?: string | null;
  lookalike_id?: string | null;
  data?: Record<string, unknown>;
  /** One alert per user and key, however often it is raised. */
  dedupe_key: string;
}

/**
 * Alerts: recorded once per dedupe key, then delivered by the alert delivery job (signed webhook,
 * e-mail) and listed in the feed. `record` joins a caller's transaction; the caller dispatches
 * what it recorded after commit. `raise` does both.
 */
export function createAlertsService(deps: { repo: AlertsRepository; queue: JobQueue }) {
  const toRow = (a: AlertInput) => ({
    user_id: a.user_id,
    type: a.type,
    subject: a.subject.slice(0, 300),
    title: a.title.slice(0, 300),
    reason: a.reason.slice(0, 4000),
    severity: a.severity ?? null,
    link: a.link,
    finding_id: a.finding_id ?? null,
    scan_id: a.scan_id ?? null,
    lookalike_id: a.lookalike_id ?? null,
    data: a.data ?? {},
    dedupe_key: a.dedupe_key.slice(0, 300),
  });

  async function dispatch(rows: Array<Pick<AlertRow, "id"> | null>): Promise<void> {
    for (const row of rows)
      if (row)
        await deps.queue.enqueue(ALERT_DELIVERY_JOB, { alert_id: row.id }, { jobId: `alert-${row.id}` });
  }

  return {
    /** Records the alert in `tx`; null when it was raised before. Dispatch it after commit. */
    record(input: AlertInput, tx?: DbOrTx): Promise<AlertRow | null> {
      return deps.repo.insert(toRow(input), tx);
    },
    dispatch,
    /** The generic entry point: records and delivers. Null when already raised. */
    async raise(input: AlertInput): Promise<AlertRow | null> {
      const row = await deps.repo.insert(toRow(input));
      await dispatch([row]);
      return row;
    },
    /** Delivery jobs for alerts left pending (a process that stopped before it delivered them). */
    async redeliverPending(): Promise<number> {
      const ids = await deps.repo.pendingIds();
      await dispatch(ids.map((id) => ({ id })));
      return ids.length;
    },
    async feed(userId: string, q: { page: number; unread?: boolean; type?: TAlertType }) {
      const { rows, total, unread } = await deps.repo.page(userId, q);
      return {
        alerts: rows.map((r) => presentAlert(r)),
        page: q.page,
        per_page: ALERTS_PAGE_SIZE,
        total,
        unread,
      };
    },
    async markRead(userId: string, id: string): Promise<TAlert> {
      const row = await deps.repo.markRead(userId, id);
      if (!row) throw notFound("Alert");
      return presentAlert(row);
    },
    markAllRead: (userId: string) => deps.repo.markAllRead(userId),
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
