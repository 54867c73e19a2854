import { z } from "zod";
import { ZIsoDate } from "../common.ts";
import { ZCampaignNarrativesResponse } from "../worker-api.ts";

/**
 * `GET /reports/:scan_id[?variant=summary]`: the scan's PDF inline (`application/pdf`, not JSON);
 * 409 `conflict` with `details.status` while it is not ready. Any other variant is the full report.
 */
export const ZReportQuery = z.object({
  variant: z.enum(["full", "summary"]).default("full").catch("full"),
});

/**
 * `GET /dashboard/scans/:id/narratives` (cached per scan) and `POST` (regenerate): the worker's
 * narratives, when they were written, and whether this answer came from the cache.
 */
export const ZNarrativesView = ZCampaignNarrativesResponse.extend({
  generated_at: ZIsoDate,
  cached: z.boolean(),
});
export type TNarrativesView = z.infer<typeof ZNarrativesView>;
