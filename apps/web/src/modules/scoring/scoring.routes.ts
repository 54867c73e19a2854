import type { FastifyInstance } from "fastify";
import { ZKeyHistoryRequest, ZWeightSetPut } from "@brandwarden/contract/scoring";
import { validate } from "@brandwarden/platform/http/validate";
import { idQuery } from "../../lib/id-param.ts";
import type { ScoringService } from "./scoring.service.ts";

/**
 * Internal API: the learner's and the scorer's view of weights, labels and campaigns. Without
 * `?user_id=` the platform's; with it that tenant's (an unknown or malformed id is 404).
 */
export function registerScoringRoutes(app: FastifyInstance, service: ScoringService): void {
  const scope = (query: unknown) => idQuery(query, "user_id", "User");
  app.get("/v1/scoring/weights", (req) => service.currentWeights(scope(req.query)));
  app.put("/v1/scoring/weights", (req) =>
    service.storeWeights(validate(ZWeightSetPut, req.body), scope(req.query)),
  );
  app.get("/v1/scoring/feedback_samples", async (req) => ({
    samples: await service.feedbackSamples(scope(req.query)),
  }));
  app.get("/v1/scoring/campaign_stats", async (req) => ({
    clusters: await service.campaignStats(scope(req.query)),
  }));
  app.post("/v1/scoring/key_history", (req) => service.keyHistory(validate(ZKeyHistoryRequest, req.body)));
}
