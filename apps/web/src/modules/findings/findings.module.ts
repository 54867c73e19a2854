import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import type { ScanStreamHub } from "../../lib/scan-stream.ts";
import type { ScansService } from "../scans/scans.service.ts";
import { createCampaignsRepository } from "./campaigns.repository.ts";
import { createCampaignsService } from "./campaigns.service.ts";
import { createFindingEventHandlers } from "./finding-events.ts";
import { createFindingsRepository } from "./findings.repository.ts";
import { createFindingsService } from "./findings.service.ts";

/** A scan's findings: stored as the worker's events bring them, the dashboard's tables, counts and campaigns. */
export function createFindingsModule(deps: {
  db: Db;
  blobs: BlobStore;
  hub: ScanStreamHub;
  scans: Pick<ScansService, "findById" | "recordSocialCoverage">;
  logger: Logger;
}) {
  const repo = createFindingsRepository(deps.db);
  // Campaigns named and described once, for the dashboard, webhooks and their snapshots alike.
  const campaigns = createCampaignsService({ repo: createCampaignsRepository(deps.db) });
  return {
    findings: createFindingsService({ repo, campaigns }),
    campaigns,
    events: createFindingEventHandlers({
      scans: deps.scans,
      findings: repo,
      blobs: deps.blobs,
      hub: deps.hub,
      logger: deps.logger,
    }),
  };
}
