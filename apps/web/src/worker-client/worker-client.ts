import { Agent, request } from "undici";
import type { z } from "zod";
import type { TScanStartPayload } from "@brandwarden/contract/scan";
import type { TWatchRequest } from "@brandwarden/contract/watch";
import {
  WORKER_PATHS,
  WORKER_TIMEOUTS,
  ZCampaignNarrativesResponse,
  ZReportResponse,
  ZTakedownDraft,
  type TDomainEnrichRequest,
  type TKeywordExpandRequest,
  type TSocialEnrichRequest,
} from "@brandwarden/contract/worker-api";
import {
  EVIDENCE_READ_MS,
  TAKEDOWN_WORKER_PATHS,
  ZEvidenceResponse,
  ZTakedownCheckResponse,
  type TEvidenceRequest,
  type TTakedownCheckRequest,
} from "@brandwarden/contract/takedown-worker";
import { AppError } from "@brandwarden/platform/http/app-error";

/** Contract limits: 5 s to open, 15 s to read; 180 s to read a PDF report. */
const { connectMs: CONNECT_MS, readMs: READ_MS, reportReadMs: REPORT_READ_MS } = WORKER_TIMEOUTS;

/**
 * A failed call to the worker, as the browser should see it: the worker's 404 and 501 pass
 * through; anything else (unreachable, 5xx, timeouts) is 502 `upstream_failed`.
 */
class WorkerCallError extends AppError {
  constructor(
    message: string,
    readonly upstreamStatus: number | null,
  ) {
    super(
      upstreamStatus === 501 ? "not_implemented" : upstreamStatus === 404 ? "not_found" : "upstream_failed",
      message,
    );
    this.name = "WorkerCallError";
  }
}

export function createWorkerClient(opts: { baseUrl: string; token: string | undefined }) {
  const agents = {
    normal: new Agent({ connect: { timeout: CONNECT_MS }, headersTimeout: READ_MS, bodyTimeout: READ_MS }),
    report: new Agent({
      connect: { timeout: CONNECT_MS },
      headersTimeout: REPORT_READ_MS,
      bodyTimeout: REPORT_READ_MS,
    }),
    evidence: new Agent({
      connect: { timeout: CONNECT_MS },
      headersTimeout: EVIDENCE_READ_MS,
      bodyTimeout: EVIDENCE_READ_MS,
    }),
  };

  async function post(path: string, body: unknown, agent: Agent): Promise<{ status: number; json: unknown }> {
    try {
      const res = await request(`${opts.baseUrl}${path}`, {
        method: "POST",
        dispatcher: agent,
        headers: { "content-type": "application/json", authorization: `Bearer ${opts.token ?? ""}` },
        body: JSON.stringify(body),
      });
      const text = await res.body.text();
      const json = text ? (JSON.parse(text) as unknown) : null;
      if (res.statusCode >= 400) {
        const message = (json as { message?: string } | null)?.message ?? `HTTP ${res.statusCode}`;
        throw new WorkerCallError(`Worker ${path} answered ${res.statusCode}: ${message}`, res.statusCode);
      }
      return { status: res.statusCode, json };
    } catch (err) {
      if (err instanceof WorkerCallError) throw err;
      throw new WorkerCallError(`Worker ${path} unreachable: ${(err as Error).message}`, null);
    }
  }

  const parsed = async <S extends z.ZodType>(
    schema: S,
    path: string,
    body: unknown,
    agent = agents.normal,
  ) => {
    const { json } = await post(path, body, agent);
    const result = schema.safeParse(json);
    if (!result.success) throw new AppError("upstream_failed", `Worker ${path} returned an unexpected body`);
    return result.data as z.infer<S>;
  };

  return {
    /** Expects 202: the scan runs in the worker's background. */
    async startScan(payload: TScanStartPayload): Promise<void> {
      const { status } = await post(WORKER_PATHS.scanStart, payload, agents.normal);
      if (status !== 202)
        throw new WorkerCallError(`Worker /scan/start answered ${status}, expected 202`, status);
    },
    async enrichDomain(body: TDomainEnrichRequest): Promise<void> {
      await post(WORKER_PATHS.domainEnrich, body, agents.normal);
    },
    async enrichSocial(body: TSocialEnrichRequest): Promise<void> {
      await post(WORKER_PATHS.socialEnrich, body, agents.normal);
    },
    async expandKeywords(body: TKeywordExpandRequest): Promise<void> {
      await post(WORKER_PATHS.keywordExpand, body, agents.normal);
    },
    /** A watch round (issue 21); expects 202, the results come back as `watch_update` events. */
    async watch(payload: TWatchRequest): Promise<void> {
      const { status } = await post(WORKER_PATHS.watch, payload, agents.normal);
      if (status !== 202) throw new WorkerCallError(`Worker /watch answered ${status}, expected 202`, status);
    },
    takedown: (body: { scan_id: string; finding_id: string; domain: string }) =>
      parsed(ZTakedownDraft, WORKER_PATHS.takedownGenerate, body),
    narratives: (scanId: string) =>
      parsed(ZCampaignNarrativesResponse, WORKER_PATHS.campaignNarratives, { scan_id: scanId }),
    report: (scanId: string) =>
      parsed(ZReportResponse, WORKER_PATHS.reportGenerate, { scan_id: scanId }, agents.report),
    /** A takedown case's evidence pack and recipients (issue 29); the worker answers within 120 s. */
    evidence: (body: TEvidenceRequest) =>
      parsed(ZEvidenceResponse, TAKEDOWN_WORKER_PATHS.evidence, body, agents.evidence),
    /** The cheap checks on sent cases' sites: down (and how) or still up. */
    takedownCheck: (body: TTakedownCheckRequest) =>
      parsed(ZTakedownCheckResponse, TAKEDOWN_WORKER_PATHS.check, body),
    async close() {
      await Promise.all([agents.normal.close(), agents.report.close(), agents.evidence.close()]);
    },
  };
}

export type WorkerClient = ReturnType<typeof createWorkerClient>;
