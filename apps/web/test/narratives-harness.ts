import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import type { Db } from "../src/db/client.ts";
import { createKvRateLimit } from "../src/lib/kv-rate-limit.ts";
import { createNarrativesRepository } from "../src/modules/reports/narratives.repository.ts";
import { createNarrativesService } from "../src/modules/reports/narratives.service.ts";
import { createWorkerClient } from "../src/worker-client/worker-client.ts";

export { NARRATIVE_GENERATIONS } from "../src/modules/reports/narratives.service.ts";

/**
 * The web's campaign-narratives service as the dashboard uses it, for tests from outside the web
 * app (the worker's): its repository on `db`, its real worker client to `worker`, and a per-user
 * regeneration limit in memory. `close()` closes the worker client.
 */
export function createTestNarratives(db: Db, worker: { baseUrl: string; token: string }) {
  const client = createWorkerClient(worker);
  const service = createNarrativesService({
    repo: createNarrativesRepository(db),
    worker: client,
    rateLimit: createKvRateLimit(createMemoryKv()),
  });
  return { service, close: () => client.close() };
}

export type TestNarratives = ReturnType<typeof createTestNarratives>;
