import type { DbOrTx } from "../../db/client.ts";
import type { AuditEvent, AuditEventsRepository } from "./audit-events.repository.ts";

/**
 * The audit log (contract: "audit events"): what happened, to whom, by whom. Written in the
 * caller's transaction when one is given, so an event and what it records commit together.
 */
export function createAuditEventsService(deps: { repo: AuditEventsRepository }) {
  return {
    record: (e: AuditEvent, tx?: DbOrTx): Promise<void> => deps.repo.record(e, tx),
  };
}

export type AuditEventsService = ReturnType<typeof createAuditEventsService>;
