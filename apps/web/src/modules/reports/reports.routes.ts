import type { FastifyInstance } from "fastify";
import { ZReportQuery } from "@brandwarden/contract/browser/reports";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { ActFor } from "../sessions/actor.ts";
import type { ReportsService } from "./reports.service.ts";

/**
 * `GET /reports/:scan_id[?variant=summary]`: the PDF inline, to the scan's owner, or to an admin
 * acting for the owner (`?user_id=`, recorded).
 */
export function registerReportRoutes(
  app: FastifyInstance,
  deps: { scans: ScansService; reports: ReportsService; actFor: ActFor },
): void {
  app.get("/reports/:id", { config: { docs: { querystring: ZReportQuery } } }, async (req, reply) => {
    const scanId = idParam(req.params, "Report");
    const p = await deps.actFor(req, { scanId });
    const scan = await deps.scans.get(p.actor, scanId);
    const { variant } = validate(ZReportQuery, req.query, "query");
    const pdf = await deps.reports.pdf(scan.id, variant);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="${pdf.filename}"`)
      .send(pdf.bytes);
  });
}
