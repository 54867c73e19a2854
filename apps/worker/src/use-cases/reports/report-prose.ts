/**
 * The AI hook of the reports. A `ProseProvider` may write the executive summary; when there is none
 * (AI not configured or disabled), when it throws, times out or answers nothing usable, the
 * deterministic text is used and the warning `report_ai_deterministic_fallback` is logged once.
 */
import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import { executiveSummaryText } from "./report-text.ts";
import type { ReportModel } from "./report-model.ts";

export interface ProseProvider {
  summarize(snapshot: TAuditSnapshot): Promise<string>;
}

/** The part of a (pino) logger the reports use. */
export interface WarnLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export const REPORT_AI_FALLBACK = "report_ai_deterministic_fallback";
const PROSE_TIMEOUT_MS = 30_000;
const MAX_PROSE_CHARS = 4_000;

export interface ReportProse {
  executive_summary: string;
  source: "ai" | "deterministic";
}

export async function resolveReportProse(
  model: ReportModel,
  provider: ProseProvider | undefined,
  logger: WarnLogger,
  timeoutMs = PROSE_TIMEOUT_MS,
): Promise<ReportProse> {
  const scan_id = model.snapshot.scan.scan_id;
  const fallback = (reason: string): ReportProse => {
    logger.warn({ code: REPORT_AI_FALLBACK, scan_id, reason }, REPORT_AI_FALLBACK);
    return { executive_summary: executiveSummaryText(model), source: "deterministic" };
  };
  if (!provider) return fallback("AI provider not configured");
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    const text = (await Promise.race([provider.summarize(model.snapshot), timeout])).trim();
    if (!text) return fallback("AI provider returned no text");
    const cut = text.length > MAX_PROSE_CHARS ? `${text.slice(0, MAX_PROSE_CHARS - 1)}…` : text;
    return { executive_summary: cut, source: "ai" };
  } catch (err) {
    return fallback(`AI provider failed: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
