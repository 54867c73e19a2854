import type { FastifyInstance, FastifyReply } from "fastify";
import {
  ZCampaignList,
  ZDomainFindingsPage,
  ZFindingCounts,
  ZFindingsExport,
  ZFindingsExportQuery,
  ZFindingsQuery,
  ZSocialExportQuery,
  ZSocialFindingsExport,
  ZSocialFindingsPage,
  ZSocialFindingsQuery,
  type TExportFormat,
} from "@brandwarden/contract/browser/findings";
import { DOMAIN_FINDING_FIELDS, SOCIAL_FINDING_FIELDS } from "@brandwarden/contract/finding-fields";
import { FINDINGS_EXPORTS } from "@brandwarden/contract/intel-words";
import { toCsv } from "@brandwarden/platform/csv/csv-writer";
import { AppError } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import { idQuery } from "../../lib/id-param.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { ActFor, Principal } from "../sessions/actor.ts";
import {
  presentDomainFinding,
  presentDomainFindingView,
  presentSocialFinding,
  presentSocialFindingView,
} from "./findings.presenter.ts";
import { DOMAIN_PAGE_SIZE, SOCIAL_PAGE_SIZE, type FindingsService } from "./findings.service.ts";

/**
 * An export as an attachment: CSV (the contract's field names as its header, also when empty),
 * JSON (`{scan_id, findings}`, checked against the route's schema) or JSON Lines (one finding a
 * line; a line never holds a raw newline, JSON escapes them).
 */
function sendExport(
  reply: FastifyReply,
  format: TExportFormat,
  name: string,
  fields: readonly string[],
  body: { scan_id: string; findings: Array<Record<string, unknown>> },
) {
  if (format === "csv") {
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}.csv"`)
      .send(
        toCsv(
          fields,
          body.findings.map((f) => fields.map((c) => f[c])),
        ),
      );
  }
  if (format === "jsonl") {
    return reply
      .header("content-type", "application/x-ndjson; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}.jsonl"`)
      .send(body.findings.map((f) => `${JSON.stringify(f)}\n`).join(""));
  }
  return reply.header("content-disposition", `attachment; filename="${name}.json"`).send(body);
}

/** Media URLs carry the act-for so an admin's browser can load another user's images. */
const forQuery = (p: Principal) => (p.actingFor ? `?user_id=${p.userId}` : "");

/**
 * The dashboard's findings (`@brandwarden/contract/browser/findings`): the domain table (pages,
 * export), the social table (pages, export), the counts and the campaigns of the scan named by `?scan_id=` (or
 * the newest), of the signed-in user or, for an admin acting for a user (`?user_id=`), of theirs.
 */
export function registerFindingsRoutes(
  app: FastifyInstance,
  deps: { scans: Pick<ScansService, "selected">; findings: FindingsService; actFor: ActFor },
): void {
  /** The scan named by ?scan_id=, or the user's newest; another user's is 404. */
  const scanOf = (p: Principal, query: unknown) =>
    deps.scans.selected(p.actor, idQuery(query, "scan_id", "Scan"));
  /** The query without the act-for, which is the principal's business. */
  const queryOf = (req: { query: unknown }) => {
    const { user_id: _, ...rest } = req.query as Record<string, unknown>;
    return rest;
  };

  const page = {
    schema: { response: { 200: ZDomainFindingsPage } },
    config: { docs: { querystring: ZFindingsQuery } },
  };
  app.get("/dashboard/findings", page, async (req) => {
    const p = await deps.actFor(req);
    const raw = queryOf(req);
    const scan = await scanOf(p, raw);
    if (!scan) return { findings: [], page: 1, per_page: DOMAIN_PAGE_SIZE, total: 0 };
    const q = validate(ZFindingsQuery, { ...raw, scan_id: scan.id }, "query");
    const { rows, total } = await deps.findings.domainPage(scan.id, q);
    return {
      scan_id: scan.id,
      findings: rows.map((r) => presentDomainFindingView(r, forQuery(p))),
      page: q.page,
      per_page: DOMAIN_PAGE_SIZE,
      total,
    };
  });

  /** Every count the dashboard shows, in one request (a live update must not fan out into many). */
  app.get("/dashboard/counts", { schema: { response: { 200: ZFindingCounts } } }, async (req) => {
    const scan = await scanOf(await deps.actFor(req), req.query);
    return deps.findings.counts(scan?.id ?? null);
  });

  app.get(
    "/dashboard/findings/export",
    {
      schema: { response: { 200: ZFindingsExport } },
      config: { docs: { querystring: ZFindingsExportQuery } },
    },
    async (req, reply) => {
      const p = await deps.actFor(req);
      const raw = queryOf(req);
      const scan = await scanOf(p, raw);
      if (!scan) throw new AppError("not_found", "No scan to export");
      const q = validate(ZFindingsExportQuery, { ...raw, scan_id: scan.id }, "query");
      const rows = (await deps.findings.domainExport(scan.id, q)).map((r) => presentDomainFinding(r));
      return sendExport(reply, q.format, `brandwarden-findings-${scan.id}`, DOMAIN_FINDING_FIELDS, {
        scan_id: scan.id,
        findings: rows,
      });
    },
  );

  app.get(
    FINDINGS_EXPORTS.social.path,
    { schema: { response: { 200: ZSocialFindingsExport } } },
    async (req, reply) => {
      const p = await deps.actFor(req);
      const raw = queryOf(req);
      const scan = await scanOf(p, raw);
      if (!scan) throw new AppError("not_found", "No scan to export");
      const q = validate(ZSocialExportQuery, { ...raw, scan_id: scan.id }, "query");
      const rows = (await deps.findings.socialExport(scan.id)).map((r) => presentSocialFinding(r));
      return sendExport(reply, q.format, `brandwarden-social-findings-${scan.id}`, SOCIAL_FINDING_FIELDS, {
        scan_id: scan.id,
        findings: rows,
      });
    },
  );

  app.get(
    "/dashboard/social_findings",
    {
      schema: { response: { 200: ZSocialFindingsPage } },
      config: { docs: { querystring: ZSocialFindingsQuery } },
    },
    async (req) => {
      const p = await deps.actFor(req);
      const raw = req.query as Record<string, unknown>;
      const scan = await scanOf(p, raw);
      const { page } = validate(ZSocialFindingsQuery, raw, "query");
      if (!scan) return { findings: [], page, per_page: SOCIAL_PAGE_SIZE, total: 0 };
      const { rows, total } = await deps.findings.socialPage(scan.id, page);
      return {
        scan_id: scan.id,
        findings: rows.map((r) => presentSocialFindingView(r, forQuery(p))),
        page,
        per_page: SOCIAL_PAGE_SIZE,
        total,
      };
    },
  );

  app.get("/dashboard/campaigns", { schema: { response: { 200: ZCampaignList } } }, async (req) => {
    const scan = await scanOf(await deps.actFor(req), req.query);
    if (!scan) return { campaigns: [] };
    return { scan_id: scan.id, campaigns: await deps.findings.campaigns(scan.id) };
  });
}
