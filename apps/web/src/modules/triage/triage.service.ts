import type { TFindingKind, TLabel } from "@brandwarden/contract/common";
import type { TSignals } from "@brandwarden/contract/findings";
import type { TLabelResult, TTriageItem, TTriageLearnerStatus } from "@brandwarden/contract/browser/triage";
import { notFound } from "@brandwarden/platform/http/app-error";
import type { Db, DbOrTx } from "../../db/client.ts";
import { presentDomainFinding, presentSocialFinding } from "../findings/findings.presenter.ts";
import type { Principal } from "../sessions/actor.ts";
import type { TriageRepository } from "./triage.repository.ts";

const QUEUE_SIZE = 50;

/** The learner's view of a finding: each signal's evidence value (null: unknown). */
function signalValues(signals: TSignals | null): Record<string, number | null> {
  return Object.fromEntries(Object.entries(signals ?? {}).map(([name, s]) => [name, s.value]));
}

/**
 * A user's learner: how many of their labels it has and still needs (contract rule 7), and which
 * weight set scores their findings, as the scoring service counts them.
 */
export interface LearnerStatusSource {
  userLearnerStatus(userId: string): Promise<TTriageLearnerStatus>;
}

/** A labelled finding as locked for the label: a domain or a social finding row. */
type LockedFinding = Awaited<ReturnType<TriageRepository["lockFindings"]>>[number];

/**
 * What else a label moves, in the labelling transaction: the findings' tracked lookalikes
 * (monitoring: `confirmed` makes them malicious at once, `benign` withdraws a confirmation).
 */
export interface LabelFollower {
  findingsLabelled(
    tx: DbOrTx,
    change: {
      userId: string;
      kind: TFindingKind;
      findings: readonly LockedFinding[];
      label: TLabel;
      reason: string | null;
    },
  ): Promise<void>;
}

export function createTriageService(deps: {
  db: Db;
  repo: TriageRepository;
  learner: LearnerStatusSource;
  lookalikes: LabelFollower;
}) {
  return {
    /**
     * Labels findings and records one feedback sample each (by the signed-in user), with the
     * evidence as it is now, and moves their tracked lookalikes, in one transaction. Findings must be the user's the request works on:
     * another user's is 404, to an admin too unless acting for that user.
     */
    async label(
      p: Principal,
      kind: TFindingKind,
      ids: string[],
      label: TLabel,
      reason: string | null,
    ): Promise<TLabelResult> {
      const unique = [...new Set(ids)];
      const labeled = await deps.db.transaction(async (tx) => {
        const rows = await deps.repo.lockFindings(tx, kind, unique);
        const visible = rows.filter((r) => r.user_id === p.userId);
        if (visible.length !== unique.length)
          throw notFound(unique.length === 1 ? "Finding" : "One of the findings");
        await deps.repo.setLabel(tx, kind, unique, label, reason);
        await deps.repo.addFeedback(
          tx,
          visible.map((r) => ({
            user_id: p.user.id,
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
        await deps.lookalikes.findingsLabelled(tx, {
          userId: p.userId,
          kind,
          findings: visible,
          label,
          reason,
        });
        return visible.length;
      });
      // The analyst sees at once how many more labels the learner needs.
      return { labeled, label, learner: await deps.learner.userLearnerStatus(p.userId) };
    },

    learnerStatus: (p: Principal) => deps.learner.userLearnerStatus(p.userId),

    /**
     * Unlabelled findings of the user, worst first, domains and social accounts together; media
     * URLs carry the act-for so an admin's browser can load another user's images.
     */
    async queue(p: Principal, scanId?: string): Promise<TTriageItem[]> {
      const [domains, social] = await Promise.all([
        deps.repo.unlabelledDomain(p.userId, scanId, QUEUE_SIZE),
        deps.repo.unlabelledSocial(p.userId, scanId, QUEUE_SIZE),
      ]);
      const as = p.actingFor ? `?user_id=${p.userId}` : "";
      const items: TTriageItem[] = [
        ...domains.map((r) => ({
          kind: "domain" as const,
          score: r.adjusted_score ?? r.score ?? 0,
          finding: {
            ...presentDomainFinding(r),
            screenshot_url: r.screenshot_key ? `/media/screenshots/${r.id}${as}` : null,
          },
        })),
        ...social.map((r) => ({
          kind: "social" as const,
          score: r.adjusted_score ?? r.score ?? 0,
          finding: {
            ...presentSocialFinding(r),
            avatar_url: r.avatar_key ? `/media/avatars/${r.id}${as}` : null,
          },
        })),
      ];
      return items.sort((a, b) => b.score - a.score).slice(0, QUEUE_SIZE);
    },
  };
}

export type TriageService = ReturnType<typeof createTriageService>;
