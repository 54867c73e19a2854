import type { TSnapshotPage, TSnapshotQuery } from "@brandwarden/contract/browser/webhooks";
import { AppError } from "@brandwarden/platform/http/app-error";
import type { CampaignsService } from "../findings/campaigns.service.ts";
import { presentDomainFinding, presentSocialFinding } from "../findings/findings.presenter.ts";
import type { SnapshotLinks } from "./snapshot-links.ts";
import type { WebhookSnapshotRepository } from "./webhook-snapshot.repository.ts";

export const SNAPSHOT_PAGE_SIZE = 500;

/**
 * What a webhook receiver fetches with the signed snapshot URL: every domain finding, social
 * finding or campaign of the scan, page by page, each page linking the next. Campaigns are the
 * campaigns service's (named and described as the dashboard shows them).
 */
export function createWebhookSnapshotService(deps: {
  repo: WebhookSnapshotRepository;
  links: SnapshotLinks;
  campaigns: Pick<CampaignsService, "forScan">;
}) {
  return {
    async page(scanId: string, q: TSnapshotQuery, selfUrl: URL): Promise<TSnapshotPage> {
      const generation = await deps.repo.linkGeneration(scanId);
      const verdict =
        generation === null ? "invalid" : deps.links.verify(scanId, q.expires, q.signature, generation);
      if (verdict === "revoked")
        throw new AppError("not_found", "This snapshot link was revoked by its owner; ask for a new webhook");
      if (verdict !== "valid")
        throw new AppError("unauthorized", "The snapshot link is invalid or has expired");
      const offset = (q.page - 1) * SNAPSHOT_PAGE_SIZE;
      const next = new URL(selfUrl);
      next.searchParams.set("part", q.part);
      next.searchParams.set("page", String(q.page + 1));
      const paged = (total: number) => ({
        scan_id: scanId,
        page: q.page,
        per_page: SNAPSHOT_PAGE_SIZE,
        total,
        next: offset + SNAPSHOT_PAGE_SIZE < total ? next.toString() : null,
      });
      if (q.part === "findings") {
        const r = await deps.repo.domainPage(scanId, offset, SNAPSHOT_PAGE_SIZE);
        return { part: q.part, ...paged(r.total), items: r.rows.map((f) => presentDomainFinding(f)) };
      }
      if (q.part === "social_findings") {
        const r = await deps.repo.socialPage(scanId, offset, SNAPSHOT_PAGE_SIZE);
        return { part: q.part, ...paged(r.total), items: r.rows.map((f) => presentSocialFinding(f)) };
      }
      const all = await deps.campaigns.forScan(scanId);
      return { part: q.part, ...paged(all.length), items: all.slice(offset, offset + SNAPSHOT_PAGE_SIZE) };
    },
  };
}

export type WebhookSnapshotService = ReturnType<typeof createWebhookSnapshotService>;
