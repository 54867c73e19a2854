import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ZFindingKind, ZLabel } from "@brandwarden/contract/common";
import { validate } from "@brandwarden/platform/http/validate";
import { requireUser } from "../sessions/session.plugin.ts";
import type { TriageService } from "./triage.service.ts";

const ZReason = z.string().trim().max(2000).nullable().optional();
const ZFeedback = z.object({ kind: ZFindingKind, finding_id: z.uuid(), label: ZLabel, reason: ZReason });
const ZBulk = z.object({
  kind: ZFindingKind,
  finding_ids: z.array(z.uuid()).min(1).max(500),
  label: ZLabel,
  reason: ZReason,
});

/** Analyst labels (single and bulk) that feed the learner, and the queue of unlabelled findings. */
export function registerTriageRoutes(app: FastifyInstance, triage: TriageService): void {
  const actor = (u: { id: string; admin: boolean }) => ({ id: u.id, admin: u.admin });
  app.post("/triage/feedback", async (req) => {
    const b = validate(ZFeedback, req.body);
    return triage.label(actor(requireUser(req)), b.kind, [b.finding_id], b.label, b.reason || null);
  });
  app.post("/triage/bulk_feedback", async (req) => {
    const b = validate(ZBulk, req.body);
    return triage.label(actor(requireUser(req)), b.kind, b.finding_ids, b.label, b.reason || null);
  });
  app.get("/triage/queue", async (req) => {
    const scanId = validate(z.object({ scan_id: z.uuid().optional() }), req.query, "query").scan_id;
    return { items: await triage.queue(actor(requireUser(req)), scanId) };
  });
}
