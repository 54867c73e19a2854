import { createHash } from "node:crypto";
import type { KvRateLimit } from "../../lib/kv-rate-limit.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { NarrativesRepository } from "./narratives.repository.ts";
import type { NarrativeRow } from "../../db/rows.ts";

/** LLM-written narratives a user may have generated per window (first visits and regenerations). */
export const NARRATIVE_GENERATIONS = { max: 10, windowMs: 60 * 60 * 1000 };

const present = (row: NarrativeRow, cached: boolean) => ({
  narratives: row.narratives,
  generated_at: row.generated_at.toISOString(),
  cached,
});

/**
 * Campaign narratives, cached per scan: the worker (and its LLM) is asked only when the scan has
 * none for its current campaigns, or when a user regenerates them, each time counted against
 * that user's limit. The worker bounds its answer below the read timeout and falls back to
 * deterministic text itself, so what is cached is always a complete answer.
 */
export function createNarrativesService(deps: {
  repo: NarrativesRepository;
  worker: Pick<WorkerClient, "narratives">;
  rateLimit: KvRateLimit;
}) {
  /** Hashes the scan's campaigns: regrouped findings (a resumed scan) invalidate the cache. */
  async function fingerprintOf(scanId: string): Promise<string> {
    const members = await deps.repo.campaignMembers(scanId);
    const h = createHash("sha256");
    for (const m of members) h.update(`${m.campaign_id}\u0000${m.domain}\n`);
    return h.digest("hex");
  }

  // Generations in flight in this process, by scan and campaigns: the dashboard's parts, a second
  // tab or a double click asking at once share one worker call (and one LLM budget) instead of
  // each starting its own.
  const inFlight = new Map<string, Promise<ReturnType<typeof present>>>();

  function generate(scanId: string, fingerprint: string, requesterId: string) {
    const key = `${scanId}:${fingerprint}`;
    const running = inFlight.get(key);
    if (running) return running;
    const started = generateOnce(scanId, fingerprint, requesterId).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  async function generateOnce(scanId: string, fingerprint: string, requesterId: string) {
    await deps.rateLimit.hit(
      `narratives:${requesterId}`,
      NARRATIVE_GENERATIONS.max,
      NARRATIVE_GENERATIONS.windowMs,
      "narrative generations",
    );
    const { narratives } = await deps.worker.narratives(scanId);
    return present(await deps.repo.store(scanId, fingerprint, narratives), false);
  }

  return {
    /** The cached narratives of the scan's current campaigns, generated on first need (once). */
    async forScan(scanId: string, requesterId: string) {
      const fingerprint = await fingerprintOf(scanId);
      const cached = await deps.repo.cached(scanId);
      if (cached && cached.fingerprint === fingerprint) return present(cached, true);
      return generate(scanId, fingerprint, requesterId);
    },
    /** Asks the worker again (e.g. after the AI provider was fixed), within the user's limit. */
    async regenerate(scanId: string, requesterId: string) {
      return generate(scanId, await fingerprintOf(scanId), requesterId);
    },
  };
}

export type NarrativesService = ReturnType<typeof createNarrativesService>;
