import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { AppError, notFound } from "@brandwarden/platform/http/app-error";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Db } from "../../db/client.ts";
import { reports } from "../../db/schema.ts";
import { idParam } from "../../lib/id-param.ts";
import type { ScansService } from "../scans/scans.service.ts";
import { requireUser } from "../sessions/session.plugin.ts";

/** `GET /reports/:scan_id[?variant=summary]`: the PDF inline, owner or admin only. */
export function registerReportRoutes(
  app: FastifyInstance,
  deps: { db: Db; scans: ScansService; blobs: BlobStore },
): void {
  app.get("/reports/:id", async (req, reply) => {
    const user = requireUser(req);
    const scan = await deps.scans.get({ id: user.id, admin: user.admin }, idParam(req.params, "Report"));
    const [report] = await deps.db.select().from(reports).where(eq(reports.scan_id, scan.id));
    if (!report) throw notFound("Report");
    if (report.status !== "ready") {
      throw new AppError(
        "conflict",
        `The report is ${report.status}${report.error ? `: ${report.error}` : ""}`,
        { status: report.status },
      );
    }
    const summary = (req.query as { variant?: string }).variant === "summary";
    const pdf = await deps.blobs.get((summary ? report.summary_key : report.full_key) ?? "");
    if (!pdf) throw notFound("Report");
    const name = `brandwarden-${summary ? "summary" : "report"}-${scan.id}.pdf`;
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="${name}"`)
      .send(pdf);
  });
}
