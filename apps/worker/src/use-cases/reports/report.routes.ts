/**
 * `POST /report/generate` (`scan_id`) -> `{full, summary}`, each a base64 PDF. The web app waits up
 * to 180 s for the answer, so the PDFs are built in the request; at most `concurrency` reports are
 * built at once (they are CPU- and memory-heavy) and the builder yields to the event loop.
 */
import type { FastifyInstance } from "fastify";
import { WORKER_PATHS, ZScanRef, type TReportResponse } from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import type { AuditApi } from "../../ports/web-api/web-api.port.ts";
import { generateReport, toReportResponse } from "./generate-report.ts";
import { loadSnapshot } from "../../ports/web-api/load-snapshot.ts";
import type { ProseProvider, WarnLogger } from "./report-prose.ts";
import type { ReportTakedowns } from "./report-model.ts";

type ReportLogger = WarnLogger & { info(obj: Record<string, unknown>, msg: string): void };

export interface ReportRouteDeps {
  web: AuditApi;
  /** The AI writer of the executive summary; absent while AI is not configured or disabled. */
  prose?: ProseProvider;
  logger: ReportLogger;
  /** Reports built at once (default 2, the web app's report-job concurrency). */
  concurrency?: number;
}

/** A tiny FIFO semaphore. */
function createLimiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * The owner's takedown cases for the reports. A failed read does not fail the report: the reports
 * say the cases could not be read (a web app without the route answers 404: no cases).
 */
async function loadTakedowns(web: AuditApi, scanId: string, logger: WarnLogger): Promise<ReportTakedowns> {
  if (!web.getTakedownCases) return { cases: [], unreadable: null };
  try {
    return { cases: await web.getTakedownCases(scanId), unreadable: null };
  } catch (err) {
    logger.warn({ scan_id: scanId, err: (err as Error).message }, "report: takedown cases not read");
    return { cases: [], unreadable: "the web application did not answer" };
  }
}

export function registerReportRoutes(api: FastifyInstance, deps: ReportRouteDeps): void {
  const limit = createLimiter(deps.concurrency ?? 2);
  api.post(WORKER_PATHS.reportGenerate, async (request): Promise<TReportResponse> => {
    const { scan_id } = validate(ZScanRef, request.body);
    const snapshot = await loadSnapshot(deps.web, scan_id);
    const takedowns = await loadTakedowns(deps.web, scan_id, deps.logger);
    const started = performance.now();
    const web = deps.web;
    const images = web.getImage ? (ref: string) => web.getImage!(ref) : undefined;
    const report = await limit(() =>
      generateReport(snapshot, { prose: deps.prose, logger: deps.logger, images, takedowns }),
    );
    deps.logger.info(
      {
        scan_id,
        findings: snapshot.findings.length,
        takedown_cases: takedowns.cases.length,
        full_bytes: report.full.length,
        summary_bytes: report.summary.length,
        prose: report.prose_source,
        ms: Math.round(performance.now() - started),
      },
      "report generated",
    );
    return toReportResponse(report);
  });
}
