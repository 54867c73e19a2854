import type { Db } from "../../db/client.ts";
import { createTriageRepository } from "./triage.repository.ts";
import { createTriageService, type LabelFollower, type LearnerStatusSource } from "./triage.service.ts";

/** Labels, feedback samples and the triage queue. */
export function createTriageModule(deps: {
  db: Db;
  /** A user's learner status and weight set in use: the scoring module answers it. */
  learner: LearnerStatusSource;
  /** A label moves the findings' tracked lookalikes at once (the monitoring module). */
  lookalikes: LabelFollower;
}) {
  return { triage: createTriageService({ ...deps, repo: createTriageRepository(deps.db) }) };
}
