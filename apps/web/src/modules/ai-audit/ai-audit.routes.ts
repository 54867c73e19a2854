import type { FastifyInstance } from "fastify";
import { ZAuditVerdictsPut } from "@brandwarden/contract/audit";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import type { AiAuditService } from "./ai-audit.service.ts";

/** Internal API: the worker's AI audit of a scan reads its snapshot and stores its verdicts. */
export function registerAiAuditRoutes(app: FastifyInstance, service: AiAuditService): void {
  app.put("/v1/scans/:id/audit", (req) => {
    const id = idParam(req.params, "Scan");
    return service.applyVerdicts(id, validate(ZAuditVerdictsPut, req.body));
  });
  app.get("/v1/scans/:id/audit_data", (req) => service.snapshot(idParam(req.params, "Scan")));
}
