import type { Db } from "../../db/client.ts";
import { createAuditEventsRepository } from "./audit-events.repository.ts";
import { createAuditEventsService } from "./audit-events.service.ts";

/** The audit log, written by the modules whose actions it records. */
export function createAuditEventsModule(deps: { db: Db }) {
  return { auditEvents: createAuditEventsService({ repo: createAuditEventsRepository(deps.db) }) };
}
