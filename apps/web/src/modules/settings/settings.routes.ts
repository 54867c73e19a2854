import type { FastifyInstance } from "fastify";
import { ZAiProviderSettingPut, ZAuditConfigPut } from "@brandwarden/contract/settings";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { SettingsService } from "./settings.service.ts";

export function registerSettingsRoutes(app: FastifyInstance, service: SettingsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/v1/settings/ai_provider", () => service.aiProvider());
  r.put("/v1/settings/ai_provider", { schema: { body: ZAiProviderSettingPut } }, (req) =>
    service.updateAiProvider(req.body),
  );
  r.get("/v1/settings/audit_config", () => service.auditConfig());
  r.put("/v1/settings/audit_config", { schema: { body: ZAuditConfigPut } }, (req) =>
    service.updateAuditConfig(req.body as Record<string, unknown>),
  );
}
