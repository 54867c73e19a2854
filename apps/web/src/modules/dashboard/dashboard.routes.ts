import type { FastifyInstance } from "fastify";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { validate } from "@brandwarden/platform/http/validate";
import type { Db } from "../../db/client.ts";
import { reports, scanLogs } from "../../db/schema.ts";
import { idParam } from "../../lib/id-param.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import { presentDomainFinding, presentSocialFinding } from "../findings/findings.presenter.ts";
import {
  DOMAIN_PAGE_SIZE,
  SOCIAL_PAGE_SIZE,
  ZFindingsQuery,
  type FindingsQuery,
} from "../findings/findings.query.ts";
import { toCsv } from "../findings/findings.export.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { ScanRow } from "../scans/scans.repository.ts";
import { requireUser } from "../sessions/session.plugin.ts";

const ZStart = z.object({ user_id: z.uuid().optional() }).default({});
const actorOf = (u: { id: string; admin: boolean }) => ({ id: u.id, admin: u.admin });

export function presentScan(s: ScanRow) {
  return {
    scan_id: s.id,
    user_id: s.user_id,
    status: s.status,
    stage_states: s.stage_states,
    resume_from_stage: s.resume_from_stage,
    error: s.error,
    created_at: s.created_at.toISOString(),
    started_at: s.started_at?.toISOString() ?? null,
    completed_at: s.completed_at?.toISOString() ?? null,
  };
}

/** The dashboard's JSON: scan lifecycle, status poll, findings tables, campaigns, narratives. */
export function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { db: Db; scans: ScansService; findings: FindingsQuery; worker: WorkerClient },
): void {
  /** The scan named by ?scan_id=, or the user's newest; another user's is 404. */
  async function scanFor(user: { id: string; admin: boolean }, scanId: unknown): Promise<ScanRow | null> {
    if (scanId !== undefined) return deps.scans.get(actorOf(user), idParam({ id: scanId }, "Scan"));
    const [latest] = await deps.scans.list(actorOf(user));
    return latest ?? null;
  }

  app.post("/dashboard/scans", async (req, reply) => {
    const user = requireUser(req);
    const body = validate(ZStart, req.body ?? {});
    const scan = await deps.scans.start(actorOf(user), body.user_id ?? user.id);
    return reply.status(201).send({ scan_id: scan.id, scan: presentScan(scan) });
  });
  app.post("/dashboard/scans/:id/stop", async (req) => ({
    scan: presentScan(await deps.scans.stop(actorOf(requireUser(req)), idParam(req.params, "Scan"))),
  }));
  app.post("/dashboard/scans/:id/resume", async (req) => ({
    scan: presentScan(await deps.scans.resume(actorOf(requireUser(req)), idParam(req.params, "Scan"))),
  }));
  app.get("/dashboard/scans", async (req) => ({
    scans: (await deps.scans.list(actorOf(requireUser(req)))).map(presentScan),
  }));

  app.get("/dashboard/status", async (req) => {
    const user = requireUser(req);
    const scan = await scanFor(user, (req.query as { scan_id?: string }).scan_id);
    if (!scan) return { scan: null, report: null, log: [] };
    const [report] = await deps.db.select().from(reports).where(eq(reports.scan_id, scan.id));
    const log = await deps.db
      .select()
      .from(scanLogs)
      .where(eq(scanLogs.scan_id, scan.id))
      .orderBy(desc(scanLogs.ts))
      .limit(100);
    return {
      scan: presentScan(scan),
      report: report ? { status: report.status, error: report.error } : null,
      log: log
        .reverse()
        .map((l) => ({ level: l.level, message: l.message, stage: l.stage, ts: l.ts.toISOString() })),
    };
  });

  app.get("/dashboard/findings", async (req) => {
    const user = requireUser(req);
    const raw = req.query as Record<string, unknown>;
    const scan = await scanFor(user, raw.scan_id);
    if (!scan) return { findings: [], page: 1, per_page: DOMAIN_PAGE_SIZE, total: 0 };
    const q = validate(ZFindingsQuery, { ...raw, scan_id: scan.id }, "query");
    const { rows, total } = await deps.findings.domainPage(q);
    return {
      scan_id: scan.id,
      findings: rows.map((r) => ({
        ...presentDomainFinding(r),
        screenshot_url: r.screenshot_key ? `/media/screenshots/${r.id}` : null,
      })),
      page: q.page,
      per_page: DOMAIN_PAGE_SIZE,
      total,
    };
  });

  app.get("/dashboard/findings/export", async (req, reply) => {
    const user = requireUser(req);
    const raw = req.query as Record<string, unknown>;
    const scan = await scanFor(user, raw.scan_id);
    if (!scan) return reply.status(404).send({ error: "not_found", message: "No scan to export" });
    const q = validate(ZFindingsQuery, { ...raw, scan_id: scan.id }, "query");
    const rows = (await deps.findings.domainAll(q)).map((r) => presentDomainFinding(r));
    const name = `brandwarden-findings-${scan.id}`;
    if (raw.format === "csv") {
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}.csv"`)
        .send(toCsv(rows));
    }
    return reply
      .header("content-disposition", `attachment; filename="${name}.json"`)
      .send({ scan_id: scan.id, findings: rows });
  });

  app.get("/dashboard/social_findings", async (req) => {
    const user = requireUser(req);
    const raw = req.query as Record<string, unknown>;
    const scan = await scanFor(user, raw.scan_id);
    const page = validate(
      z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
      raw,
      "query",
    ).page;
    if (!scan) return { findings: [], page, per_page: SOCIAL_PAGE_SIZE, total: 0 };
    const { rows, total } = await deps.findings.socialPage(scan.id, page);
    return {
      scan_id: scan.id,
      findings: rows.map((r) => ({
        ...presentSocialFinding(r),
        avatar_url: r.avatar_key ? `/media/avatars/${r.id}` : null,
      })),
      page,
      per_page: SOCIAL_PAGE_SIZE,
      total,
    };
  });

  app.get("/dashboard/campaigns", async (req) => {
    const user = requireUser(req);
    const scan = await scanFor(user, (req.query as { scan_id?: string }).scan_id);
    if (!scan) return { campaigns: [] };
    const groups = new Map<
      string,
      { campaign_id: string; domains: string[]; keys: Set<string>; max_score: number; dates: number[] }
    >();
    for (const r of await deps.findings.campaigns(scan.id)) {
      const g = groups.get(r.campaign_id!) ?? {
        campaign_id: r.campaign_id!,
        domains: [],
        keys: new Set(),
        max_score: 0,
        dates: [],
      };
      g.domains.push(r.domain);
      for (const k of r.keys ?? []) g.keys.add(k);
      g.max_score = Math.max(g.max_score, r.score ?? 0);
      if (r.registration_created) g.dates.push(r.registration_created.getTime());
      groups.set(r.campaign_id!, g);
    }
    return {
      scan_id: scan.id,
      campaigns: [...groups.values()]
        .map((g) => ({
          campaign_id: g.campaign_id,
          size: g.domains.length,
          domains: g.domains.sort(),
          keys: [...g.keys].sort(),
          max_score: g.max_score,
          earliest_registration: g.dates.length ? new Date(Math.min(...g.dates)).toISOString() : null,
          latest_registration: g.dates.length ? new Date(Math.max(...g.dates)).toISOString() : null,
        }))
        .sort((a, b) => b.size - a.size || b.max_score - a.max_score),
    };
  });

  app.get("/dashboard/scans/:id/narratives", async (req) => {
    const scan = await deps.scans.get(actorOf(requireUser(req)), idParam(req.params, "Scan"));
    return deps.worker.narratives(scan.id);
  });
}
