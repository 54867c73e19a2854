import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ZBulkFeedbackRequest,
  ZFeedbackRequest,
  ZLabelResult,
  ZTriageQueue,
  ZTriageQueueQuery,
} from "@brandwarden/contract/browser/triage";
import { validate } from "@brandwarden/platform/http/validate";
import type { ActFor } from "../sessions/actor.ts";
import type { TriageService } from "./triage.service.ts";

/**
 * Analyst labels (single and bulk) that feed the learner, and the queue of unlabelled findings;
 * an admin works on another user's findings only by naming them (`?user_id=`, recorded).
 */
export function registerTriageRoutes(
  app: FastifyInstance,
  deps: { triage: TriageService; actFor: ActFor },
): void {
  const { triage } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const labelled = { schema: { response: { 200: ZLabelResult } } };
  r.post("/triage/feedback", { ...labelled, config: { docs: { body: ZFeedbackRequest } } }, async (req) => {
    const b = validate(ZFeedbackRequest, req.body);
    return triage.label(await deps.actFor(req), b.kind, [b.finding_id], b.label, b.reason || null);
  });
  r.post(
    "/triage/bulk_feedback",
    { ...labelled, config: { docs: { body: ZBulkFeedbackRequest } } },
    async (req) => {
      const b = validate(ZBulkFeedbackRequest, req.body);
      return triage.label(await deps.actFor(req), b.kind, b.finding_ids, b.label, b.reason || null);
    },
  );
  const queue = {
    schema: { response: { 200: ZTriageQueue } },
    config: { docs: { querystring: ZTriageQueueQuery } },
  };
  r.get("/triage/queue", queue, async (req) => {
    const { scan_id } = validate(ZTriageQueueQuery, req.query, "query");
    const p = await deps.actFor(req);
    const [items, learner] = await Promise.all([triage.queue(p, scan_id), triage.learnerStatus(p)]);
    // `learner`: the weight set scoring this user's findings, and how many more of their own labels
    // (of any kind) their learner needs before it trains.
    return { items, learner };
  });
}
