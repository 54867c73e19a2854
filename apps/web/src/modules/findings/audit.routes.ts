import type { FastifyInstance } from "fastify";
import { ZAuditVerdictsPut } from "@brandwarden/contract/audit";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import type { AuditService } from "./audit.service.ts";

export function registerAuditRoutes(app: FastifyInstance, service: AuditService): void {
  app.put("/v1/scans/:id/audit", (req) => {
    const id = idParam(req.params, "Scan");
    return service.applyVerdicts(id, validate(ZAuditVerdictsPut, req.body));
  });
  app.get("/v1/scans/:id/audit_data", (req) => service.snapshot(idParam(req.params, "Scan")));
}
