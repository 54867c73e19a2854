import { createAiAuditRepository } from "./ai-audit.repository.ts";
import { createAiAuditService } from "./ai-audit.service.ts";

/** The AI audit's web side (internal API `/v1/scans/:id/audit` and `audit_data`). */
export function createAiAuditModule(deps: Omit<Parameters<typeof createAiAuditService>[0], "repo">) {
  return { aiAudit: createAiAuditService({ ...deps, repo: createAiAuditRepository() }) };
}
