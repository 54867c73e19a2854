import type { Db } from "../../db/client.ts";
import { createScoringRepository } from "./scoring.repository.ts";
import { createScoringService } from "./scoring.service.ts";
import { createWeightsAdminService } from "./weights-admin.service.ts";

/** The scoring weights (learned and manual), feedback samples and campaign stats, and the admin weights page. */
export function createScoringModule(deps: {
  db: Db;
  /** Whether a named user exists, and which accounts are trusted (the users module). */
  users: { findById(id: string): Promise<{ id: string } | null>; trustedUserIds(): Promise<string[]> };
  minLabeledSamples: number;
}) {
  const repo = createScoringRepository(deps.db);
  const scoring = createScoringService({
    db: deps.db,
    repo,
    users: deps.users,
    minLabeledSamples: deps.minLabeledSamples,
  });
  return { scoring, weightsAdmin: createWeightsAdminService({ scoring, repo }) };
}
