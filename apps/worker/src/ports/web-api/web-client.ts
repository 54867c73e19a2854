/**
 * A small typed client for the web application's internal API (`/v1`): bearer token, a timeout
 * on every call, and every response validated with the contract's schema before use.
 */
import type { z } from "zod";
import {
  ZCampaignStatsResponse,
  ZKeyHistoryResponse,
  ZFeedbackSamplesResponse,
  ZWeightSet,
} from "@brandwarden/contract/scoring";
import { ZAuditSnapshot, ZAuditVerdictsResult } from "@brandwarden/contract/audit";
import { ZAiProviderSetting, ZAuditConfig } from "@brandwarden/contract/settings";
import { ZBrandContext, ZDerivedKeywords } from "@brandwarden/contract/brand";

import { ZMonitoredBrandsResponse } from "@brandwarden/contract/monitored-brands";
import type { AiApi, AuditApi, BrandsApi, ScoringApi } from "./web-api.port.ts";

export interface WebClientOptions {
  /** The web application's base URL (the `/v1` routes live under it). */
  baseUrl: string;
  token: string;
  /** Whole-call timeout, milliseconds (default 15 s, the contract's read timeout). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A call that failed: HTTP error status (with the body's `error` code), network error, or a bad body. */
export class WebApiError extends Error {
  override readonly name = "WebApiError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** True for the 409 of a write whose `generation` is no longer the current one (drop the result). */
export function isStaleGeneration(err: unknown): boolean {
  return err instanceof WebApiError && err.status === 409;
}

/** Per-call options: a longer timeout for large bodies (an audit snapshot with screenshots). */
interface CallOptions {
  timeoutMs?: number;
}

/** The audit snapshot of a 5,000-finding scan with screenshots is large: give it most of the 180 s. */
const AUDIT_DATA_TIMEOUT_MS = 120_000;

export type WebClient = ScoringApi &
  AuditApi &
  AiApi &
  BrandsApi & {
    request<S extends z.ZodType>(
      method: string,
      path: string,
      schema: S,
      body?: unknown,
      call?: CallOptions,
    ): Promise<z.infer<S>>;
  };

export function createWebClient(opts: WebClientOptions): WebClient {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const doFetch = opts.fetch ?? fetch;
  const defaultTimeoutMs = opts.timeoutMs ?? 15_000;

  async function request<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
    call: CallOptions = {},
  ): Promise<z.infer<S>> {
    const where = `${method} ${path}`;
    const timeoutMs = call.timeoutMs ?? defaultTimeoutMs;
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        headers: {
          authorization: `Bearer ${opts.token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const e = err as Error;
      const why = e.name === "TimeoutError" ? `timed out after ${timeoutMs} ms` : e.message;
      throw new WebApiError(`${where}: ${why}`, null);
    }
    const text = await res.text().catch(() => "");
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // handled below: a non-JSON body is an error either way
    }
    if (!res.ok) {
      const code = (json as { error?: unknown } | undefined)?.error;
      throw new WebApiError(
        `${where}: HTTP ${res.status}`,
        res.status,
        typeof code === "string" ? code : null,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new WebApiError(`${where}: unexpected response body: ${parsed.error.message}`, res.status);
    return parsed.data;
  }

  /** The scoring endpoints' scope: a user's (`?user_id=`) or, without one, the platform's. */
  const scope = (userId: string | undefined) =>
    userId === undefined ? "" : `?user_id=${encodeURIComponent(userId)}`;

  return {
    request,
    getWeights: (userId) => request("GET", `/v1/scoring/weights${scope(userId)}`, ZWeightSet),
    putWeights: (body, userId) => request("PUT", `/v1/scoring/weights${scope(userId)}`, ZWeightSet, body),
    getFeedbackSamples: async (userId) =>
      (await request("GET", `/v1/scoring/feedback_samples${scope(userId)}`, ZFeedbackSamplesResponse))
        .samples,
    getCampaignStats: async (userId) =>
      (await request("GET", `/v1/scoring/campaign_stats${scope(userId)}`, ZCampaignStatsResponse)).clusters,
    getKeyHistory: async (body) =>
      (await request("POST", "/v1/scoring/key_history", ZKeyHistoryResponse, body)).counts,
    getAuditData: (scanId) =>
      request("GET", `/v1/scans/${encodeURIComponent(scanId)}/audit_data`, ZAuditSnapshot, undefined, {
        timeoutMs: Math.max(defaultTimeoutMs, AUDIT_DATA_TIMEOUT_MS),
      }),
    getAiProvider: () => request("GET", "/v1/settings/ai_provider", ZAiProviderSetting),
    getAuditConfig: () => request("GET", "/v1/settings/audit_config", ZAuditConfig),
    putAudit: (scanId, body) =>
      request("PUT", `/v1/scans/${encodeURIComponent(scanId)}/audit`, ZAuditVerdictsResult, body),
    getBrandContext: (userId) =>
      request("GET", `/v1/users/${encodeURIComponent(userId)}/brand_context`, ZBrandContext),
    getMonitoredBrands: async () =>
      (await request("GET", "/v1/brands/monitored", ZMonitoredBrandsResponse)).brands,
    postDerivedKeywords: (userId, body) =>
      request("POST", `/v1/users/${encodeURIComponent(userId)}/derived_keywords`, ZDerivedKeywords, body),
  };
}
