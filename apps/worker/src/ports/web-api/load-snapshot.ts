import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import { AppError, notFound } from "@brandwarden/platform/http/app-error";
import type { AuditApi } from "./web-api.port.ts";
import { WebApiError } from "./web-client.ts";

/** The scan's audit snapshot from the web app: its 404 is ours, any other failure is a 502 `upstream_failed`. */
export async function loadSnapshot(web: AuditApi, scanId: string): Promise<TAuditSnapshot> {
  try {
    return await web.getAuditData(scanId);
  } catch (err) {
    if (err instanceof WebApiError && err.status === 404) throw notFound("Scan");
    throw new AppError("upstream_failed", `Could not read the scan's audit data: ${(err as Error).message}`);
  }
}
