import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Db } from "../../db/client.ts";
import type { BrandContextService } from "../brand-profile/brand-context.service.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { createAiAuditRepository } from "./ai-audit.repository.ts";
import { createAiAuditService } from "./ai-audit.service.ts";

/** The AI audit's web side (internal API `/v1/scans/:id/audit` and `audit_data`). */
export function createAiAuditModule(deps: {
  db: Db;
  blobs: BlobStore;
  scans: Pick<ScansService, "findById" | "domainFindings" | "socialFindings">;
  users: Pick<UsersService, "findById">;
  brandContext: Pick<BrandContextService, "brandContext">;
  settings: Pick<SettingsService, "auditConfig">;
  publicUrl: string;
}) {
  return { aiAudit: createAiAuditService({ ...deps, repo: createAiAuditRepository() }) };
}
