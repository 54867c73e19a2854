import { AUDIT_PAGE_MAX, type TAuditSnapshot } from "@brandwarden/contract/audit";
import { AppError, notFound } from "@brandwarden/platform/http/app-error";
import type { AuditApi } from "./web-api.port.ts";
import { WebApiError } from "./web-client.ts";

/**
 * The scan's audit snapshot, page by page (`AUDIT_PAGE_MAX` findings each, images by reference):
 * the first page carries the scan, brand and logo; each page is yielded, then dropped by the caller.
 * Errors are the web client's (`WebApiError`).
 */
export async function* auditPages(web: AuditApi, scanId: string, limit = AUDIT_PAGE_MAX) {
  let cursor: string | undefined;
  for (;;) {
    const page = await web.getAuditPage(scanId, { limit, ...(cursor ? { cursor } : {}) });
    yield page;
    const next = page.page?.next_cursor;
    if (!next) return;
    cursor = next;
  }
}

/**
 * Every finding of the scan without image bytes (each keeps its `screenshot_ref` / `avatar_ref`):
 * memory grows with the findings' fields, never with their screenshots.
 */
export async function collectSnapshot(web: AuditApi, scanId: string): Promise<TAuditSnapshot> {
  let head: TAuditSnapshot | null = null;
  for await (const page of auditPages(web, scanId)) {
    if (!head) head = { ...page, findings: [...page.findings], social_findings: [...page.social_findings] };
    else {
      head.findings.push(...page.findings);
      head.social_findings.push(...page.social_findings);
    }
  }
  const { page: _page, ...snapshot } = head!;
  return snapshot;
}

/** Maps the web app's failures: its 404 is ours, any other failure is a 502 `upstream_failed`. */
async function asUseCaseError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof WebApiError && err.status === 404) throw notFound("Scan");
    throw new AppError("upstream_failed", `Could not read the scan's audit data: ${(err as Error).message}`);
  }
}

/** The scan's audit snapshot (paged in, images by reference) for a use case. */
export const loadSnapshot = (web: AuditApi, scanId: string): Promise<TAuditSnapshot> =>
  asUseCaseError(() => collectSnapshot(web, scanId));
