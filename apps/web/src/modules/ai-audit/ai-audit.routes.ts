import type { FastifyInstance } from "fastify";
import { ZAuditDataQuery, ZAuditVerdictsPut } from "@brandwarden/contract/audit";
import { ZId } from "@brandwarden/contract/common";
import { notFound } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import type { AiAuditService } from "./ai-audit.service.ts";

/**
 * Internal API: the worker's AI audit and reports read a scan's snapshot (whole or paged) and its
 * images one at a time by reference; the audit stores its verdicts.
 */
export function registerAiAuditRoutes(app: FastifyInstance, service: AiAuditService): void {
  app.put("/v1/scans/:id/audit", { config: { docs: { body: ZAuditVerdictsPut } } }, (req) => {
    const id = idParam(req.params, "Scan");
    return service.applyVerdicts(id, validate(ZAuditVerdictsPut, req.body));
  });
  app.get("/v1/scans/:id/audit_data", { config: { docs: { querystring: ZAuditDataQuery } } }, (req) =>
    service.snapshot(idParam(req.params, "Scan"), validate(ZAuditDataQuery, req.query)),
  );
  for (const [what, kind] of [
    ["screenshots", "domain"],
    ["avatars", "social"],
  ] as const) {
    app.get(`/v1/scans/:id/${what}/:finding_id`, async (req, reply) => {
      const findingId = ZId.safeParse((req.params as { finding_id?: unknown }).finding_id);
      if (!findingId.success) throw notFound(kind === "domain" ? "Screenshot" : "Avatar");
      const png = await service.image(idParam(req.params, "Scan"), kind, findingId.data);
      return reply.header("content-type", "image/png").header("content-length", png.length).send(png);
    });
  }
}
