import type { Db } from "../../db/client.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import { createTakedownsRepository } from "./takedowns.repository.ts";
import { createTakedownsService } from "./takedowns.service.ts";

/** Takedown drafts: the worker writes the abuse e-mail for one of the user's domain findings. */
export function createTakedownsModule(deps: {
  db: Db;
  worker: Pick<WorkerClient, "takedown">;
  auditEvents: Pick<AuditEventsService, "record">;
}) {
  return {
    takedowns: createTakedownsService({
      repo: createTakedownsRepository(deps.db),
      worker: deps.worker,
      auditEvents: deps.auditEvents,
    }),
  };
}
