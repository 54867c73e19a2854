import { ZFindingsQuery } from "@brandwarden/contract/browser/findings";
import { notFound } from "@brandwarden/platform/http/app-error";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { BrandContextService } from "../brand-profile/brand-context.service.ts";
import type { CampaignsService } from "../findings/campaigns.service.ts";
import { presentDomainFinding, presentSocialFinding } from "../findings/findings.presenter.ts";
import type { FindingsService } from "../findings/findings.service.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { Principal } from "../sessions/actor.ts";
import type { TakedownCasesService } from "../takedowns/takedown-cases.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { buildMispEvent, isPhishing, MISP_SCREENSHOTS_TOTAL_BYTES, type MispEvent } from "./misp-event.ts";

/** Every finding of the scan, in the table's default order (no filter). */
const ALL = ZFindingsQuery.parse({});

/**
 * The MISP export: gathers one scan's findings, its campaigns, the user's takedown cases, brand
 * and intel settings, and the phishing pages' screenshots, and builds the event (misp-event.ts).
 */
export function createMispExportService(deps: {
  scans: Pick<ScansService, "selected">;
  findings: Pick<FindingsService, "domainExport" | "socialExport">;
  campaigns: Pick<CampaignsService, "forScan">;
  cases: Pick<TakedownCasesService, "forReport">;
  users: Pick<UsersService, "findById">;
  brand: Pick<BrandContextService, "brandContext">;
  blobs: BlobStore;
}) {
  return {
    /** The event of the scan named (or the user's newest); another user's scan, or none, is 404. */
    async event(p: Principal, scanId?: string): Promise<{ scanId: string; event: MispEvent }> {
      const scan = await deps.scans.selected(p.actor, scanId);
      if (!scan) throw notFound("Scan");
      const user = await deps.users.findById(scan.user_id);
      if (!user) throw notFound("Scan");
      const [domainRows, socialRows, campaigns, { cases }, brand] = await Promise.all([
        deps.findings.domainExport(scan.id, ALL),
        deps.findings.socialExport(scan.id),
        deps.campaigns.forScan(scan.id),
        deps.cases.forReport(scan.id),
        deps.brand.brandContext(scan.user_id),
      ]);
      const domains = domainRows.map((r) => ({ row: r, finding: presentDomainFinding(r) }));
      // Only the phishing pages' screenshots go in, and only while the event's budget lasts.
      const screenshots = new Map<string, Buffer>();
      let bytes = 0;
      for (const { row, finding } of domains) {
        if (bytes >= MISP_SCREENSHOTS_TOTAL_BYTES) break;
        if (!row.screenshot_key || !isPhishing(finding)) continue;
        const png = await deps.blobs.get(row.screenshot_key);
        if (!png) continue;
        screenshots.set(row.id, png);
        bytes += png.length;
      }
      const event = buildMispEvent({
        userId: scan.user_id,
        brand: { name: brand.brand_name, handles: brand.social_handles },
        tlp: user.intel_tlp,
        minSeverity: user.intel_min_severity,
        scan: {
          id: scan.id,
          status: scan.status,
          created_at: scan.created_at.toISOString(),
          completed_at: scan.completed_at?.toISOString() ?? null,
        },
        domains: domains.map((d) => d.finding),
        social: socialRows.map((r) => presentSocialFinding(r)),
        campaigns,
        cases,
        screenshots,
      });
      return { scanId: scan.id, event };
    },
  };
}

export type MispExportService = ReturnType<typeof createMispExportService>;
