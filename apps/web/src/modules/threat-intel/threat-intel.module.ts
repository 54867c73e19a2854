import type { Db } from "../../db/client.ts";
import type { CampaignsService } from "../findings/campaigns.service.ts";
import { createIntelRepository } from "./intel.repository.ts";
import { createIntelService } from "./intel.service.ts";

/** Threat intel for security teams: the STIX 2.1 feed, its TAXII 2.1 server and the STIX export. */
export function createThreatIntelModule(deps: {
  db: Db;
  campaigns: Pick<CampaignsService, "forScan">;
  publicUrl: string;
}) {
  return {
    intel: createIntelService({
      db: deps.db,
      repo: createIntelRepository(deps.db),
      campaigns: deps.campaigns,
      publicUrl: deps.publicUrl,
    }),
  };
}
