import type { FastifyInstance } from "fastify";
import { ZKeyHistoryRequest, ZWeightSetPut } from "@brandwarden/contract/scoring";
import { validate } from "@brandwarden/platform/http/validate";
import type { ScoringService } from "./scoring.service.ts";

/** Internal API: the learner's and the scorer's view of weights, labels and campaigns. */
export function registerScoringRoutes(app: FastifyInstance, service: ScoringService): void {
  app.get("/v1/scoring/weights", () => service.currentWeights());
  app.put("/v1/scoring/weights", (req) => service.storeWeights(validate(ZWeightSetPut, req.body)));
  app.get("/v1/scoring/feedback_samples", async () => ({ samples: await service.feedbackSamples() }));
  app.get("/v1/scoring/campaign_stats", async () => ({ clusters: await service.campaignStats() }));
  app.post("/v1/scoring/key_history", (req) => service.keyHistory(validate(ZKeyHistoryRequest, req.body)));
}
