import { severityForScore } from "@brandwarden/contract/common";
import {
  AUDIT_PAGE_DEFAULT,
  AUDIT_PAGE_MAX,
  type TAuditDataQuery,
  type TAuditSnapshot,
  type TAuditVerdictsPut,
} from "@brandwarden/contract/audit";
import { AppError, notFound } from "@brandwarden/platform/http/app-error";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Db } from "../../db/client.ts";
import type { BrandContextService } from "../brand-profile/brand-context.service.ts";
import { presentDomainFinding, presentSocialFinding } from "../findings/findings.presenter.ts";
import { adjustScore, hardEvidenceOf, type THardEvidence } from "../findings/hard-evidence.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { UsersService } from "../users/users.service.ts";
import type { AiAuditRepository } from "./ai-audit.repository.ts";
import { decodeAuditCursor, encodeAuditCursor, type AuditCursor } from "./audit-cursor.ts";

/**
 * The AI audit (the worker's `audit` stage: an LLM reviews a scan's findings), web side: the
 * snapshot the worker reviews (whole, or page by page with images by reference), one finding's
 * image, and its verdicts stored on the findings with the scores they lead to.
 */
export function createAiAuditService(deps: {
  db: Db;
  repo: AiAuditRepository;
  scans: Pick<ScansService, "findById">;
  users: Pick<UsersService, "findById">;
  brandContext: Pick<BrandContextService, "brandContext">;
  settings: Pick<SettingsService, "auditConfig">;
  blobs: BlobStore;
  publicUrl: string;
}) {
  const dataUri = async (key: string | null, type: string) => {
    if (!key) return null;
    const bytes = await deps.blobs.get(key);
    return bytes ? `data:${type};base64,${bytes.toString("base64")}` : null;
  };

  return {
    /**
     * Persists AI verdicts after checking each adjustment against the audit configuration and each
     * finding against the scan; recomputes adjusted_score = clamp(score + adjustment) and its band,
     * except that a finding with hard evidence is never demoted below its deterministic band.
     */
    async applyVerdicts(scanId: string, body: TAuditVerdictsPut) {
      const scan = await deps.scans.findById(scanId);
      if (!scan) throw notFound("Scan");
      const config = await deps.settings.auditConfig();
      const outOfRange = body.verdicts
        .map((v, index) => ({ index, finding_id: v.finding_id, adjustment: v.adjustment }))
        .filter((v) => v.adjustment < config.adjustment_min || v.adjustment > config.adjustment_max);
      if (outOfRange.length) {
        throw new AppError(
          "invalid",
          `Adjustments must lie in [${config.adjustment_min}, ${config.adjustment_max}]`,
          outOfRange,
        );
      }
      return deps.db.transaction(async (tx) => {
        const ids = (kind: "domain" | "social") =>
          body.verdicts.filter((v) => v.kind === kind).map((v) => v.finding_id);
        const [domainRows, socialRows] = await Promise.all([
          ids("domain").length ? deps.repo.domainScores(tx, scanId, ids("domain")) : [],
          ids("social").length ? deps.repo.socialScores(tx, scanId, ids("social")) : [],
        ]);
        const scores = new Map<string, number | null>();
        const evidence = new Map<string, THardEvidence[]>();
        for (const r of domainRows) {
          scores.set(`domain:${r.id}`, r.score);
          evidence.set(`domain:${r.id}`, hardEvidenceOf(r));
        }
        for (const r of socialRows) scores.set(`social:${r.id}`, r.score);
        const unknown = body.verdicts.filter((v) => !scores.has(`${v.kind}:${v.finding_id}`));
        if (unknown.length) {
          throw new AppError(
            "invalid",
            "Verdicts name findings that are not in this scan",
            unknown.map((v) => ({ kind: v.kind, finding_id: v.finding_id })),
          );
        }
        const updated = [];
        for (const v of body.verdicts) {
          const key = `${v.kind}:${v.finding_id}`;
          const held_by = evidence.get(key) ?? [];
          const { adjusted_score, held } = adjustScore(scores.get(key) ?? 0, v.adjustment, held_by);
          const adjusted_severity = severityForScore(adjusted_score);
          await deps.repo.applyVerdict(tx, v.kind, v.finding_id, {
            ai_verdict: v.verdict,
            ai_confidence: v.confidence,
            ai_adjustment: v.adjustment,
            ai_reasoning: v.reasoning,
            adjusted_score,
            adjusted_severity,
          });
          updated.push({
            kind: v.kind,
            finding_id: v.finding_id,
            adjusted_score,
            adjusted_severity,
            ...(held ? { demotion_held_by: held_by } : {}),
          });
        }
        return { updated };
      });
    },

    /**
     * The audit snapshot. Paged (`limit` or `cursor`): domain findings by name, then social findings
     * by platform and handle, `limit` in all, images as `screenshot_ref` / `avatar_ref`. Unpaged:
     * the whole snapshot with images inline, refused (422) past `AUDIT_PAGE_MAX` findings so one
     * answer never holds more than a page's images.
     */
    async snapshot(scanId: string, q: TAuditDataQuery = {}): Promise<TAuditSnapshot> {
      const paged = q.limit !== undefined || q.cursor !== undefined;
      const cursor = q.cursor === undefined ? null : decodeAuditCursor(q.cursor);
      const scan = await deps.scans.findById(scanId);
      if (!scan) throw notFound("Scan");
      const user = await deps.users.findById(scan.user_id);
      if (!user) throw notFound("Scan");
      const totals = await deps.repo.totals(deps.db, scanId);
      if (!paged && totals.findings + totals.social_findings > AUDIT_PAGE_MAX) {
        throw new AppError(
          "invalid",
          `This scan has ${totals.findings + totals.social_findings} findings: read it in pages with ?limit= (at most ${AUDIT_PAGE_MAX}) and ?cursor=`,
          [{ path: ["limit"] }],
        );
      }
      const ref = (what: string, id: string) => `/v1/scans/${scanId}/${what}/${id}`;
      const rows = await pageRows(scanId, cursor, paged ? (q.limit ?? AUDIT_PAGE_DEFAULT) : AUDIT_PAGE_MAX);
      const findings = await Promise.all(
        rows.domain.map(async (r) => ({
          ...presentDomainFinding(r, paged ? null : await dataUri(r.screenshot_key, "image/png")),
          screenshot_ref: r.screenshot_key ? ref("screenshots", r.id) : null,
        })),
      );
      const social_findings = await Promise.all(
        rows.social.map(async (r) => ({
          ...presentSocialFinding(r, paged ? null : await dataUri(r.avatar_key, "image/png")),
          avatar_ref: r.avatar_key ? ref("avatars", r.id) : null,
        })),
      );
      return {
        scan: {
          scan_id: scan.id,
          user_id: scan.user_id,
          status: scan.status,
          stage_states: scan.stage_states,
          created_at: scan.created_at.toISOString(),
          completed_at: scan.completed_at?.toISOString() ?? null,
          resume_from_stage: scan.resume_from_stage,
          ...(scan.social_coverage?.length ? { social_coverage: scan.social_coverage } : {}),
        },
        brand: await deps.brandContext.brandContext(scan.user_id),
        findings,
        social_findings,
        logo_url: user.logo_key ? new URL(`/media/logos/${user.id}`, deps.publicUrl).toString() : null,
        logo_data_uri: cursor ? null : await dataUri(user.logo_key, user.logo_content_type ?? "image/png"),
        ...(paged
          ? {
              page: {
                next_cursor: rows.next ? encodeAuditCursor(rows.next) : null,
                total_findings: totals.findings,
                total_social_findings: totals.social_findings,
              },
            }
          : {}),
      };
    },

    /** A finding's screenshot (`domain`) or avatar (`social`) PNG by reference; 404 when none. */
    async image(scanId: string, kind: "domain" | "social", findingId: string): Promise<Buffer> {
      const key = await deps.repo.imageKey(deps.db, kind, scanId, findingId);
      const bytes = key ? await deps.blobs.get(key) : null;
      if (!bytes) throw notFound(kind === "domain" ? "Screenshot" : "Avatar");
      return bytes;
    },
  };

  /**
   * One page's rows: domain findings after the cursor, then (when they run out) social findings,
   * `limit` in all; one row more is read to know whether a next page exists.
   */
  async function pageRows(scanId: string, cursor: AuditCursor | null, limit: number) {
    const domain =
      cursor?.part === "social_findings"
        ? []
        : await deps.repo.domainPage(deps.db, scanId, cursor?.after ?? null, limit + 1);
    if (domain.length > limit) {
      const kept = domain.slice(0, limit);
      return {
        domain: kept,
        social: [],
        next: { part: "findings", after: kept.at(-1)!.domain } as AuditCursor,
      };
    }
    const room = limit - domain.length;
    const after = cursor?.part === "social_findings" ? cursor.after : null;
    const social = await deps.repo.socialPage(deps.db, scanId, after, room + 1);
    if (social.length > room) {
      const kept = social.slice(0, room);
      const last = kept.at(-1);
      // A page full of domain findings ends before the first social finding.
      const next: AuditCursor = last
        ? { part: "social_findings", after: [last.platform, last.handle] }
        : { part: "findings", after: domain.at(-1)!.domain };
      return { domain, social: kept, next };
    }
    return { domain, social, next: null };
  }
}

export type AiAuditService = ReturnType<typeof createAiAuditService>;
