import type { Db, DbOrTx } from "../../db/client.ts";
import { auditEvents } from "../../db/schema.ts";

/** Audit event names: the contract's two, plus the scan lifecycle and takedown cases. */
type AuditEventName =
  | "report_generated"
  | "takedown_generated"
  /** A takedown case was opened (issue 29), and its report sent (e-mailed or by hand). */
  | "takedown_case_opened"
  | "takedown_sent"
  | "scan_started"
  | "scan_completed"
  | "scan_failed"
  | "scan_cancelled"
  /** An admin worked on another user's data, naming that user explicitly (act-for). */
  | "admin_acted_for"
  /** An admin marked an account trusted or not (its labels train the platform's weights). */
  | "user_trust_changed";

export interface AuditEvent {
  name: AuditEventName;
  /** Who acted (or whose scan it is). */
  user_id?: string | null;
  scan_id?: string | null;
  /** What the event is about: a finding, or the user an admin acted for. */
  subject_id?: string | null;
  data?: Record<string, unknown>;
}

export function createAuditEventsRepository(db: Db) {
  return {
    async record(e: AuditEvent, tx: DbOrTx = db): Promise<void> {
      await tx.insert(auditEvents).values({ ...e, data: e.data ?? {} });
    },
  };
}

export type AuditEventsRepository = ReturnType<typeof createAuditEventsRepository>;
