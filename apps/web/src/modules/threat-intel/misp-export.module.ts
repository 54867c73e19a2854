import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { BrandContextService } from "../brand-profile/brand-context.service.ts";
import type { CampaignsService } from "../findings/campaigns.service.ts";
import type { FindingsService } from "../findings/findings.service.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { TakedownCasesService } from "../takedowns/takedown-cases.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { createMispExportService } from "./misp-export.service.ts";

/**
 * The MISP export (`GET /exports/misp`), wired from the services of the modules it reads: the
 * threat-intel module's factory can take it in as it is.
 */
export function createMispExport(deps: {
  scans: Pick<ScansService, "selected">;
  findings: Pick<FindingsService, "domainExport" | "socialExport">;
  campaigns: Pick<CampaignsService, "forScan">;
  cases: Pick<TakedownCasesService, "forReport">;
  users: Pick<UsersService, "findById">;
  brand: Pick<BrandContextService, "brandContext">;
  blobs: BlobStore;
}) {
  return { mispExport: createMispExportService(deps) };
}
