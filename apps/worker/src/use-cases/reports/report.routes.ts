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

export function registerReportRoutes(api: FastifyInstance, deps: ReportRouteDeps): void {
  const limit = createLimiter(deps.concurrency ?? 2);
  api.post(WORKER_PATHS.reportGenerate, async (request): Promise<TReportResponse> => {
    const { scan_id } = validate(ZScanRef, request.body);
    const snapshot = await loadSnapshot(deps.web, scan_id);
    const started = performance.now();
    const web = deps.web;
    const images = web.getImage ? (ref: string) => web.getImage!(ref) : undefined;
    const report = await limit(() =>
      generateReport(snapshot, { prose: deps.prose, logger: deps.logger, images }),
    );
    deps.logger.info(
      {
        scan_id,
        findings: snapshot.findings.length,
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
