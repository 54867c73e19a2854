import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TFindingKind, TLabel } from "@brandwarden/contract/common";
import type { TSignals } from "@brandwarden/contract/findings";
import { notFound } from "@brandwarden/platform/http/app-error";
import type { Db } from "../../db/client.ts";
import { domainFindings, feedbackLabels, socialFindings } from "../../db/schema.ts";
import { presentDomainFinding, presentSocialFinding } from "../findings/findings.presenter.ts";

type Actor = { id: string; admin: boolean };
const QUEUE_SIZE = 50;

/** The learner's view of a finding: each signal's evidence value (null: unknown). */
function signalValues(signals: TSignals | null): Record<string, number | null> {
  return Object.fromEntries(Object.entries(signals ?? {}).map(([name, s]) => [name, s.value]));
}

export function createTriageService(deps: { db: Db }) {
  const table = (kind: TFindingKind) => (kind === "domain" ? domainFindings : socialFindings);

  return {
    /**
     * Labels findings and records one feedback sample each, with the evidence as it is now, in
     * one transaction. Another user's finding is 404 (admins may label any).
     */
    async label(actor: Actor, kind: TFindingKind, ids: string[], label: TLabel, reason: string | null) {
      const t = table(kind);
      const unique = [...new Set(ids)];
      return deps.db.transaction(async (tx) => {
        const rows = await tx.select().from(t).where(inArray(t.id, unique)).for("update");
        const visible = rows.filter((r) => actor.admin || r.user_id === actor.id);
        if (visible.length !== unique.length)
          throw notFound(unique.length === 1 ? "Finding" : "One of the findings");
        await tx
          .update(t)
          .set({ label, label_reason: reason, labeled_at: sql`now()`, updated_at: sql`now()` })
          .where(inArray(t.id, unique));
        await tx.insert(feedbackLabels).values(
          visible.map((r) => ({
            user_id: actor.id,
            kind,
            finding_id: r.id,
            label,
            reason,
            signals: signalValues(r.signals),
            ai_verdict: r.ai_verdict,
            ai_confidence: r.ai_confidence,
            adjusted_score: r.adjusted_score ?? r.score,
            campaign_id: "campaign_id" in r ? (r.campaign_id as string | null) : null,
          })),
        );
        return { labeled: visible.length, label };
      });
    },

    /** Unlabelled findings of the user, worst first, domains and social accounts together. */
    async queue(actor: Actor, scanId?: string) {
      const ownDomain = and(
        eq(domainFindings.user_id, actor.id),
        isNull(domainFindings.label),
        scanId ? eq(domainFindings.scan_id, scanId) : undefined,
      );
      const ownSocial = and(
        eq(socialFindings.user_id, actor.id),
        isNull(socialFindings.label),
        eq(socialFindings.status, "found"),
        scanId ? eq(socialFindings.scan_id, scanId) : undefined,
      );
      const worstDomain = sql`coalesce(${domainFindings.adjusted_score}, ${domainFindings.score}, 0)`;
      const worstSocial = sql`coalesce(${socialFindings.adjusted_score}, ${socialFindings.score}, 0)`;
      const [domains, social] = await Promise.all([
        deps.db.select().from(domainFindings).where(ownDomain).orderBy(desc(worstDomain)).limit(QUEUE_SIZE),
        deps.db.select().from(socialFindings).where(ownSocial).orderBy(desc(worstSocial)).limit(QUEUE_SIZE),
      ]);
      const items = [
        ...domains.map((r) => ({
          kind: "domain" as const,
          score: r.adjusted_score ?? r.score ?? 0,
          finding: {
            ...presentDomainFinding(r),
            screenshot_url: r.screenshot_key ? `/media/screenshots/${r.id}` : null,
          },
        })),
        ...social.map((r) => ({
          kind: "social" as const,
          score: r.adjusted_score ?? r.score ?? 0,
          finding: { ...presentSocialFinding(r), avatar_url: r.avatar_key ? `/media/avatars/${r.id}` : null },
        })),
      ];
      return items.sort((a, b) => b.score - a.score).slice(0, QUEUE_SIZE);
    },
  };
}

export type TriageService = ReturnType<typeof createTriageService>;
