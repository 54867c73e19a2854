import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Db } from "../../db/client.ts";
import { createKvRateLimit } from "../../lib/kv-rate-limit.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import { createNarrativesRepository } from "./narratives.repository.ts";
import { createNarrativesService } from "./narratives.service.ts";
import { createReportsRepository } from "./reports.repository.ts";
import { createReportsService } from "./reports.service.ts";

/** A scan's PDF reports (the report job has the worker write them) and campaign narratives (cached per scan). */
export function createReportsModule(deps: {
  db: Db;
  kv: KeyValueStore;
  blobs: BlobStore;
  worker: WorkerClient;
  auditEvents: Pick<AuditEventsService, "record">;
}) {
  const { db } = deps;
  return {
    reports: createReportsService({
      db,
      repo: createReportsRepository(db),
      blobs: deps.blobs,
      auditEvents: deps.auditEvents,
    }),
    narratives: createNarrativesService({
      repo: createNarrativesRepository(db),
      worker: deps.worker,
      rateLimit: createKvRateLimit(deps.kv),
    }),
  };
}
