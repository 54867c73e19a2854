import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { ZScanStartPayload } from "@brandwarden/contract/scan";
import {
  WORKER_PATHS,
  ZDomainEnrichRequest,
  ZKeywordExpandRequest,
  ZScanRef,
  ZSocialEnrichRequest,
  ZTakedownRequest,
} from "@brandwarden/contract/worker-api";
import { AppError } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";

/**
 * Worker endpoints whose capability has not landed yet. Each validates its body (so callers get
 * the real 422s) and then answers 501 `not_implemented`: no fake success. Routes move out of
 * this table as their capability is built.
 */
const PENDING: Array<{ path: string; body: z.ZodType; capability: string }> = [
  { path: WORKER_PATHS.scanStart, body: ZScanStartPayload, capability: "Scanning" },
  { path: WORKER_PATHS.campaignNarratives, body: ZScanRef, capability: "Campaign narratives" },
  { path: WORKER_PATHS.takedownGenerate, body: ZTakedownRequest, capability: "Takedown drafts" },
  { path: WORKER_PATHS.domainEnrich, body: ZDomainEnrichRequest, capability: "Domain enrichment" },
  { path: WORKER_PATHS.socialEnrich, body: ZSocialEnrichRequest, capability: "Social enrichment" },
  { path: WORKER_PATHS.keywordExpand, body: ZKeywordExpandRequest, capability: "Keyword expansion" },
  { path: WORKER_PATHS.reportGenerate, body: ZScanRef, capability: "Report generation" },
];

export function registerPendingRoutes(api: FastifyInstance, built: ReadonlySet<string>): void {
  for (const route of PENDING) {
    if (built.has(route.path)) continue;
    api.post(route.path, async (req) => {
      validate(route.body, req.body);
      throw new AppError("not_implemented", `${route.capability} is not available in this version`);
    });
  }
}
