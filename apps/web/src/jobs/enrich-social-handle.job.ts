import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Db } from "../db/client.ts";
import { socialHandles } from "../db/schema.ts";
import type { WorkerClient } from "../worker-client/worker-client.ts";
import { ENRICH_SOCIAL_HANDLE_JOB } from "./job-names.ts";

const ZPayload = z.object({ social_handle_id: z.uuid(), generation: z.number().int().min(0) });
const ATTEMPTS = 3;

/** EnrichSocialHandleJob: on handle create or update, asks the worker for the handle's profile. */
export function defineEnrichSocialHandleJob(queue: JobQueue, deps: { db: Db; worker: WorkerClient }): void {
  queue.define({
    name: ENRICH_SOCIAL_HANDLE_JOB,
    parse: (p) => ZPayload.parse(p),
    attempts: ATTEMPTS,
    backoffMs: 2_000,
    concurrency: 4,
    async handler({ social_handle_id, generation }, ctx) {
      const current = and(eq(socialHandles.id, social_handle_id), eq(socialHandles.generation, generation));
      const [row] = await deps.db.select().from(socialHandles).where(current);
      if (!row) return;
      try {
        await deps.worker.enrichSocial({
          social_handle_id,
          user_id: row.user_id,
          platform: row.platform as TSocialPlatform,
          handle: row.handle,
          generation,
        });
      } catch (err) {
        const unsupported = (err as { status?: number }).status === 501;
        if (!unsupported && ctx.attempt < ATTEMPTS) throw err;
        await deps.db
          .update(socialHandles)
          .set({ enrichment_status: "failed", enrichment_error: (err as Error).message })
          .where(current);
      }
    },
  });
}
