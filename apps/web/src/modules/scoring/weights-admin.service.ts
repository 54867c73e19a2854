import { DEFAULT_DOMAIN_WEIGHTS, DOMAIN_SIGNALS } from "@brandwarden/contract/signals";
import type { TWeights } from "@brandwarden/contract/scoring";
import type { ScoringRepository } from "./scoring.repository.ts";
import type { ScoringService } from "./scoring.service.ts";
import type { WeightRow } from "../../db/rows.ts";

export interface WeightChange {
  signal: string;
  from: number | null;
  to: number | null;
}

/** Signals whose weight differs between two sets (added, removed or changed), by name. */
function weightChanges(before: TWeights, after: TWeights): WeightChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names
    .map((signal) => ({ signal, from: before[signal] ?? null, to: after[signal] ?? null }))
    .filter((c) => c.from !== c.to);
}

const present = (row: WeightRow) => ({
  version: row.version,
  source: row.source,
  sample_size: row.sample_size,
  weights: row.weights,
  created_at: row.created_at.toISOString(),
});

/**
 * The admin weights page: the built-in defaults, the set the scorer uses now, the latest learned
 * set with what it changed against the set before it, the latest manual set, and how many more
 * labels the learner needs; saving stores a `manual` set (contract rule 8).
 */
export function createWeightsAdminService(deps: { scoring: ScoringService; repo: ScoringRepository }) {
  return {
    async overview() {
      const [current, [learned], [manual], learner, trusted_users] = await Promise.all([
        deps.scoring.currentWeights(),
        deps.repo.weightsBySource("learned", 1),
        deps.repo.weightsBySource("manual", 1),
        deps.scoring.learnerStatus(),
        deps.scoring.trustedUsers(),
      ]);
      const before = learned ? await deps.repo.weightsBefore(learned.version) : null;
      return {
        defaults: { ...DEFAULT_DOMAIN_WEIGHTS },
        /** What each built-in signal measures, for the page. */
        about: Object.fromEntries(Object.entries(DOMAIN_SIGNALS).map(([name, s]) => [name, s.about])),
        current,
        latest_learned: learned
          ? {
              ...present(learned),
              previous_version: before?.version ?? 0,
              changes: weightChanges(before?.weights ?? DEFAULT_DOMAIN_WEIGHTS, learned.weights),
            }
          : null,
        latest_manual: manual ? present(manual) : null,
        learner,
        trusted_users,
      };
    },
    saveManual: (input: { weights: TWeights; version?: number }) => deps.scoring.storeManualWeights(input),
  };
}

export type WeightsAdminService = ReturnType<typeof createWeightsAdminService>;
