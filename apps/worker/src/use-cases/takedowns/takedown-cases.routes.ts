/**
 * The worker's side of takedown cases (issue 29), per `@brandwarden/contract/takedown-worker`:
 * `POST /takedown/evidence` (`ZEvidenceRequest` -> `ZEvidenceResponse`: the WARC evidence pack,
 * recipients and the baseline) and `POST /takedown/check` (`ZTakedownCheckRequest` ->
 * `ZTakedownCheckResponse`: which sites are down, and how).
 */
import type { FastifyInstance } from "fastify";
import {
  TAKEDOWN_WORKER_PATHS,
  ZEvidenceRequest,
  ZTakedownCheckRequest,
  type TEvidenceResponse,
  type TTakedownCheckResponse,
} from "@brandwarden/contract/takedown-worker";
import { validate } from "@brandwarden/platform/http/validate";
import { buildCaseEvidence } from "./evidence.ts";
import type { EvidenceDeps } from "./evidence-deps.ts";
import { checkTakedowns, type CheckDeps, type CheckOptions } from "./takedown-check.ts";

export interface TakedownCaseRouteDeps {
  evidence: EvidenceDeps;
  check: CheckDeps;
  checkOptions?: CheckOptions;
}

export function registerTakedownCaseRoutes(api: FastifyInstance, deps: TakedownCaseRouteDeps): void {
  api.post(TAKEDOWN_WORKER_PATHS.evidence, async (request): Promise<TEvidenceResponse> =>
    buildCaseEvidence(validate(ZEvidenceRequest, request.body), deps.evidence),
  );
  api.post(TAKEDOWN_WORKER_PATHS.check, async (request): Promise<TTakedownCheckResponse> =>
    checkTakedowns(validate(ZTakedownCheckRequest, request.body), deps.check, deps.checkOptions),
  );
}
