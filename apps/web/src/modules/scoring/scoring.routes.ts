import type { FastifyInstance } from "fastify";
import { ZKeyHistoryRequest, ZWeightSetPut } from "@brandwarden/contract/scoring";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZId } from "@brandwarden/contract/common";
import { idQuery } from "../../lib/id-param.ts";
import type { ScoringService } from "./scoring.service.ts";

/** `?user_id=`: the tenant whose weights, labels and campaigns are meant (none: the platform's). */
const ZTenantQuery = z.object({ user_id: ZId.optional() });

/**
 * Internal API: the learner's and the scorer's view of weights, labels and campaigns. Without
 * `?user_id=` the platform's; with it that tenant's (an unknown or malformed id is 404).
 */
export function registerScoringRoutes(app: FastifyInstance, service: ScoringService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scope = (query: unknown) => idQuery(query, "user_id", "User");
  // ?user_id= is checked by scope() (404, not 422), so it is declared for the document only.
  const tenant = { config: { docs: { querystring: ZTenantQuery } } };
  r.get("/v1/scoring/weights", tenant, (req) => service.currentWeights(scope(req.query)));
  r.put("/v1/scoring/weights", { ...tenant, schema: { body: ZWeightSetPut } }, (req) =>
    service.storeWeights(req.body, scope(req.query)),
  );
  r.get("/v1/scoring/feedback_samples", tenant, async (req) => ({
    samples: await service.feedbackSamples(scope(req.query)),
  }));
  r.get("/v1/scoring/campaign_stats", tenant, async (req) => ({
    clusters: await service.campaignStats(scope(req.query)),
  }));
  r.post("/v1/scoring/key_history", { schema: { body: ZKeyHistoryRequest } }, (req) =>
    service.keyHistory(req.body),
  );
}
