import type { FastifyInstance } from "fastify";
import { ZAiProviderSettingPut, ZAuditConfigPut } from "@brandwarden/contract/settings";
import { validate } from "@brandwarden/platform/http/validate";
import type { SettingsService } from "./settings.service.ts";

export function registerSettingsRoutes(app: FastifyInstance, service: SettingsService): void {
  app.get("/v1/settings/ai_provider", () => service.aiProvider());
  app.put("/v1/settings/ai_provider", (req) =>
    service.updateAiProvider(validate(ZAiProviderSettingPut, req.body)),
  );
  app.get("/v1/settings/audit_config", () => service.auditConfig());
  app.put("/v1/settings/audit_config", (req) =>
    service.updateAuditConfig(validate(ZAuditConfigPut, req.body) as Record<string, unknown>),
  );
}
