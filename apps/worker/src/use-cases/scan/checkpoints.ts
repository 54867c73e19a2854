import type { TScanStage } from "@brandwarden/contract/constants";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";

/** Checkpoints outlive a worker process (Redis in split mode) so another worker can resume. */
const CHECKPOINT_TTL_MS = 3 * 24 * 3600 * 1000;

const key = (scanId: string, stage: TScanStage) => `checkpoint:${scanId}:${stage}`;

export function createCheckpoints(kv: KeyValueStore) {
  return {
    async save(scanId: string, stage: TScanStage, output: unknown): Promise<void> {
      await kv.set(key(scanId, stage), JSON.stringify({ output }), CHECKPOINT_TTL_MS);
    },
    /** The stage's stored output, or undefined when it never completed (or expired). */
    async load(scanId: string, stage: TScanStage): Promise<{ output: unknown } | undefined> {
      const raw = await kv.get(key(scanId, stage));
      return raw ? (JSON.parse(raw) as { output: unknown }) : undefined;
    },
    async clear(scanId: string, stages: readonly TScanStage[]): Promise<void> {
      await Promise.all(stages.map((s) => kv.del(key(scanId, s))));
    },
  };
}

export type Checkpoints = ReturnType<typeof createCheckpoints>;
