import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { notFound } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import type { Db } from "../../db/client.ts";
import { domainFindings } from "../../db/schema.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { AuditEventsRepository } from "../audit-events/audit-events.repository.ts";
import { requireUser } from "../sessions/session.plugin.ts";

/** "Generate takedown": the worker drafts the abuse e-mail; the web app records `takedown_generated`. */
export function registerTakedownRoutes(
  app: FastifyInstance,
  deps: { db: Db; worker: WorkerClient; auditEvents: AuditEventsRepository },
): void {
  app.post("/takedowns", async (req) => {
    const user = requireUser(req);
    const { finding_id } = validate(z.object({ finding_id: z.uuid() }), req.body);
    const [finding] = await deps.db.select().from(domainFindings).where(eq(domainFindings.id, finding_id));
    if (!finding || (finding.user_id !== user.id && !user.admin)) throw notFound("Finding");
    const draft = await deps.worker.takedown({
      scan_id: finding.scan_id,
      finding_id,
      domain: finding.domain,
    });
    await deps.auditEvents.record({
      name: "takedown_generated",
      user_id: user.id,
      scan_id: finding.scan_id,
      subject_id: finding_id,
      data: { domain: finding.domain, subject: draft.subject },
    });
    return draft;
  });
}
