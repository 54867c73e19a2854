import type { z } from "zod";
import type {
  TAuditDataQuery,
  TAuditSnapshot,
  TAuditVerdictsPut,
  ZAuditVerdictsResult,
} from "@brandwarden/contract/audit";
import type { TBrandContext, TDerivedKeywords } from "@brandwarden/contract/brand";
import type { TMonitoredBrand } from "@brandwarden/contract/monitored-brands";
import type {
  TCampaignCluster,
  TFeedbackSample,
  TKeyHistoryRequest,
  TWeightSet,
  TWeightSetPut,
} from "@brandwarden/contract/scoring";
import type { TAiProviderSetting, TAuditConfig } from "@brandwarden/contract/settings";
import type { TReportTakedownCase } from "@brandwarden/contract/takedown-worker";

// The web app's internal API (`/v1`) as the worker's parts use it, one interface per concern;
// web-client.ts implements them all over HTTP (a failed call is its `WebApiError`).

/**
 * Scoring, per scope: without `userId` the platform's weights (and trusted accounts' labels and
 * campaigns); with it that user's (`?user_id=`). `getWeights(userId)` answers the set that scores
 * the user's scans: their own learned set, else the platform's (`user_id` says which).
 */
export interface ScoringApi {
  /**
   * Waits, within `WEB_OUTAGE_WAIT`, for a web app that is away or restarting (findings are not
   * scored with default weights because of a deploy); `onWait` is told when this read starts waiting.
   */
  getWeights(userId?: string, opts?: { onWait?: (reason: string) => void }): Promise<TWeightSet>;
  putWeights(body: TWeightSetPut, userId?: string): Promise<TWeightSet>;
  getFeedbackSamples(userId?: string): Promise<TFeedbackSample[]>;
  getCampaignStats(userId?: string): Promise<TCampaignCluster[]>;
  /** `POST /v1/scoring/key_history`: distinct domains per key in earlier scans (optional: fakes may omit it). */
  getKeyHistory?(body: TKeyHistoryRequest): Promise<Record<string, number>>;
}

export interface AuditApi {
  /**
   * One page of `GET /v1/scans/:id/audit_data?limit=&cursor=` (images by reference); a missing
   * scan is a `WebApiError` with status 404. `load-snapshot.ts` walks the pages.
   */
  getAuditPage(scanId: string, query: TAuditDataQuery): Promise<TAuditSnapshot>;
  /**
   * A finding's image by its reference (`screenshot_ref`, `avatar_ref`), read as a stream within a
   * size cap; null when the web app has none (404). Optional: fakes may omit it (no images).
   */
  getImage?(ref: string): Promise<Buffer | null>;
  /**
   * The scan owner's takedown cases, `GET /v1/scans/:id/takedown_cases`; a 404 (a missing scan, or
   * a web app older than the route) is no cases. Optional: fakes may omit it (no cases).
   */
  getTakedownCases?(scanId: string): Promise<TReportTakedownCase[]>;
}

/** The AI layer's part of the internal API: settings, audit verdicts, brand context, derived keywords. */
export interface AiApi {
  getAiProvider(): Promise<TAiProviderSetting>;
  getAuditConfig(): Promise<TAuditConfig>;
  /** `PUT /v1/scans/:id/audit`; an adjustment outside the configured range is a 422 `WebApiError`. */
  putAudit(scanId: string, body: TAuditVerdictsPut): Promise<z.infer<typeof ZAuditVerdictsResult>>;
  getBrandContext(userId: string): Promise<TBrandContext>;
  /** `POST /v1/users/:id/derived_keywords`; a stale generation is a `WebApiError` with status 409. */
  postDerivedKeywords(userId: string, body: TDerivedKeywords): Promise<TDerivedKeywords>;
}

/** Every user's brand, for the continuous monitors (the CT follower). */
export interface BrandsApi {
  getMonitoredBrands(): Promise<TMonitoredBrand[]>;
}
