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
import { ZReportTakedownCases } from "@brandwarden/contract/takedown-worker";
import type { AiApi, AuditApi, BrandsApi, ScoringApi } from "./web-api.port.ts";

export interface WebClientOptions {
  /** The web application's base URL (the `/v1` routes live under it). */
  baseUrl: string;
  token: string;
  /** Whole-call timeout, milliseconds (default 15 s, the contract's read timeout). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * How long a read (GET) keeps asking while the web app answers 502/503/504 (its database or Redis
   * away: it answers 503 `unavailable`), with capped backoff; 0 (default): no retry. A scan then
   * waits for its weights and brand instead of going on without them. No answer at all (the web
   * process down) is waited for only by the weights read (`untilAnswered`); other reads fail and
   * the scan goes on, its events waiting in Redis.
   */
  outageWaitMs?: number;
  /** Told once per outage that reads are waiting (and why), and once when they got through again. */
  onOutage?: (event: { state: "waiting" | "back"; where: string; reason: string }) => void;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Backoff while the web app is away: 0.5 s doubling to 10 s. */
const OUTAGE_RETRY_BASE_MS = 500;
const OUTAGE_RETRY_MAX_MS = 10_000;

/**
 * An answer that means "away for now", not "wrong": a gateway or unavailable status; with
 * `noAnswer`, also no answer at all (the web process restarting: refused, reset, timed out).
 */
function isOutage(err: unknown, noAnswer = false): boolean {
  if (!(err instanceof WebApiError)) return false;
  if (err.status === null) return noAnswer && err.answered === false;
  return [502, 503, 504].includes(err.status);
}

/** A call that failed: HTTP error status (with the body's `error` code), network error, or a bad body. */
export class WebApiError extends Error {
  override readonly name = "WebApiError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null = null,
    /** False when the web app did not answer at all (the request never got a response). */
    readonly answered = true,
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
  /**
   * A read that must not be done without (the weights that score the user's findings): also waits,
   * within `outageWaitMs`, for a web process that does not answer at all (a restart or a deploy).
   */
  untilAnswered?: boolean;
  /** Told (once) when this call starts waiting for the web app, with why. */
  onWait?: (reason: string) => void;
}

/** A finding's image read by reference: the contract's cap on a screenshot (8 MB of base64). */
const IMAGE_MAX_BYTES = 6_000_000;

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
  const outageWaitMs = opts.outageWaitMs ?? 0;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;
  let waiting = false;

  /** One call; reads are asked again while the web app is away, up to `outageWaitMs`. */
  async function request<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
    call: CallOptions = {},
  ): Promise<z.infer<S>> {
    const deadline = now() + outageWaitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await requestOnce(method, path, schema, body, call);
        if (waiting) {
          waiting = false;
          opts.onOutage?.({ state: "back", where: `${method} ${path}`, reason: "answered" });
        }
        return answer;
      } catch (err) {
        if (method !== "GET" || !isOutage(err, call.untilAnswered) || now() >= deadline) throw err;
        if (attempt === 0) call.onWait?.((err as Error).message);
        if (!waiting) {
          waiting = true;
          opts.onOutage?.({ state: "waiting", where: `${method} ${path}`, reason: (err as Error).message });
        }
        const delay = Math.min(OUTAGE_RETRY_MAX_MS, OUTAGE_RETRY_BASE_MS * 2 ** Math.min(attempt, 10));
        await sleep(Math.max(0, Math.min(delay, deadline - now())));
      }
    }
  }

  async function requestOnce<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body: unknown,
    call: CallOptions,
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
      throw new WebApiError(`${where}: ${why}`, null, null, false);
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

  /** Streams the image's body, refusing it once it passes the cap (never buffers an unbounded body). */
  async function readImage(ref: string): Promise<Buffer | null> {
    if (!ref.startsWith("/v1/"))
      throw new WebApiError(`image reference ${ref} is not an internal API path`, null);
    const where = `GET ${ref}`;
    const signal = AbortSignal.timeout(defaultTimeoutMs);
    let res: Response;
    try {
      res = await doFetch(base + ref, { headers: { authorization: `Bearer ${opts.token}` }, signal });
    } catch (err) {
      throw new WebApiError(`${where}: ${(err as Error).message}`, null);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new WebApiError(`${where}: HTTP ${res.status}`, res.status);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        // Leaving the loop by throwing cancels the rest of the body.
        if (size > IMAGE_MAX_BYTES)
          throw new WebApiError(`${where}: image larger than ${IMAGE_MAX_BYTES} bytes`, res.status);
        chunks.push(chunk);
      }
    } catch (err) {
      if (err instanceof WebApiError) throw err;
      throw new WebApiError(`${where}: ${(err as Error).message}`, null);
    }
    return Buffer.concat(chunks, size);
  }

  return {
    request,
    // The weights that score the findings: waited for through a web restart, never replaced by defaults lightly.
    getWeights: (userId, wait) =>
      request("GET", `/v1/scoring/weights${scope(userId)}`, ZWeightSet, undefined, {
        untilAnswered: true,
        onWait: wait?.onWait,
      }),
    putWeights: (body, userId) => request("PUT", `/v1/scoring/weights${scope(userId)}`, ZWeightSet, body),
    getFeedbackSamples: async (userId) =>
      (await request("GET", `/v1/scoring/feedback_samples${scope(userId)}`, ZFeedbackSamplesResponse))
        .samples,
    getCampaignStats: async (userId) =>
      (await request("GET", `/v1/scoring/campaign_stats${scope(userId)}`, ZCampaignStatsResponse)).clusters,
    getKeyHistory: async (body) =>
      (await request("POST", "/v1/scoring/key_history", ZKeyHistoryResponse, body)).counts,
    getAuditPage: (scanId, query) => {
      const qs = new URLSearchParams();
      if (query.limit !== undefined) qs.set("limit", String(query.limit));
      if (query.cursor !== undefined) qs.set("cursor", query.cursor);
      return request("GET", `/v1/scans/${encodeURIComponent(scanId)}/audit_data?${qs}`, ZAuditSnapshot);
    },
    getImage: (ref) => readImage(ref),
    getTakedownCases: async (scanId) => {
      try {
        const path = `/v1/scans/${encodeURIComponent(scanId)}/takedown_cases`;
        return (await request("GET", path, ZReportTakedownCases)).cases;
      } catch (err) {
        // A web app from before takedown cases has no such route: it has no cases either.
        if (err instanceof WebApiError && err.status === 404) return [];
        throw err;
      }
    },
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
