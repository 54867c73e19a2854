import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Db } from "../db/client.ts";
import { ownedDomains } from "../db/schema.ts";
import type { WorkerClient } from "../worker-client/worker-client.ts";
import { ENRICH_DOMAIN_JOB } from "./job-names.ts";

const ZPayload = z.object({ owned_domain_id: z.uuid(), generation: z.number().int().min(0) });
const ATTEMPTS = 3;

/**
 * EnrichDomainJob: on owned-domain create or update, asks the worker to profile the domain; the
 * profile comes back as a `domain_profile` event. A job for a superseded generation does nothing.
 * When the worker cannot do it (not implemented, or every attempt failed) the domain is marked
 * `failed` so the owner's deferred scans are not held back forever.
 */
export function defineEnrichDomainJob(
  queue: JobQueue,
  deps: { db: Db; worker: WorkerClient; dispatchDeferred: (userId: string) => Promise<number> },
): void {
  queue.define({
    name: ENRICH_DOMAIN_JOB,
    parse: (p) => ZPayload.parse(p),
    attempts: ATTEMPTS,
    backoffMs: 2_000,
    concurrency: 4,
    async handler({ owned_domain_id, generation }, ctx) {
      const current = and(eq(ownedDomains.id, owned_domain_id), eq(ownedDomains.generation, generation));
      const [row] = await deps.db.select().from(ownedDomains).where(current);
      if (!row) return;
      try {
        await deps.worker.enrichDomain({
          owned_domain_id,
          user_id: row.user_id,
          domain: row.domain,
          generation,
        });
      } catch (err) {
        const unsupported = (err as { status?: number }).status === 501;
        if (!unsupported && ctx.attempt < ATTEMPTS) throw err;
        await deps.db
          .update(ownedDomains)
          .set({ enrichment_status: "failed", enrichment_error: (err as Error).message })
          .where(current);
        await deps.dispatchDeferred(row.user_id);
      }
    },
  });
}
