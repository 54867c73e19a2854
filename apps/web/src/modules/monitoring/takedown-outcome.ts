import type { Db } from "../../db/client.ts";
import { takedownCaseLink } from "@brandwarden/contract/takedown-words";
import type { TakedownCaseRow, TrackedRow } from "../../db/rows.ts";
import type { AlertsService } from "../alerts/alerts.service.ts";
import { downAlert, reemergedAlert } from "./alert-builders.ts";
import type { TrackingRepository } from "./tracking.repository.ts";

/**
 * What a takedown case's checks say about its tracked lookalike (issue 29): the site went down,
 * or a down site came back. The lookalike moves with a timeline entry and raises the watch's own
 * alert (`lookalike.down`, `lookalike.reemerged`), once: a lookalike already there (the watch saw
 * it first) stays as it is. The case's own moves (report sent, escalated) raise `takedown.sent`
 * and `takedown.escalated`, linking to the case.
 */
export function createTakedownOutcome(deps: {
  db: Db;
  tracking: TrackingRepository;
  alerts: Pick<AlertsService, "raise">;
}) {
  async function move(
    userId: string,
    kind: "domain" | "social",
    name: string,
    to: "down" | "reemerged",
    at: Date,
    note: string,
  ): Promise<TrackedRow | null> {
    const t = (await deps.tracking.byNames(userId, kind, [name])).get(name);
    if (!t || t.state === to || (to === "reemerged" && t.state !== "down")) return null;
    return deps.db.transaction(async (tx) => {
      const [row] = await deps.tracking.upsert(
        [
          {
            ...t,
            state: to,
            state_changed_at: at,
            last_checked_at: at,
            ...(to === "down" ? { down_at: at } : { reemerged_at: at, last_seen_at: at }),
          },
        ],
        tx,
      );
      await deps.tracking.addObservations(
        [
          {
            tracked_id: row!.id,
            user_id: userId,
            at,
            source: "watch",
            event: to,
            state: to,
            finding_id: null,
            changes: [],
            note,
          },
        ],
        tx,
      );
      return row!;
    });
  }

  /** One alert per case, sending round (a re-emerged case is sent again) and what happened. */
  const round = (c: CaseFacts) => `${c.id}:${c.first_sent_at?.toISOString() ?? "-"}`;

  return {
    /** The case's report went to `to` (addresses): `takedown.sent`. */
    async reportSent(c: CaseFacts, to: string[]) {
      await deps.alerts.raise({
        user_id: c.user_id,
        type: "takedown.sent",
        subject: c.target,
        title: `Takedown report sent: ${c.target}`,
        reason:
          `The takedown report for ${c.target} went to ${to.join(", ")}. ` +
          "The site is checked until it is down; the case escalates if nobody acts.",
        link: takedownCaseLink(c.id),
        data: { case_id: c.id, recipients: to },
        dedupe_key: `takedown.sent:${round(c)}`,
      });
    },
    /** Escalation `level` of the case went out (`reason`; `who` was written to): `takedown.escalated`. */
    async escalated(c: CaseFacts, level: number, reason: string, who: string) {
      await deps.alerts.raise({
        user_id: c.user_id,
        type: "takedown.escalated",
        subject: c.target,
        title: `Takedown escalated: ${c.target}`,
        reason: `${reason}${who ? `. Written to ${who}.` : "."}`,
        link: takedownCaseLink(c.id),
        data: { case_id: c.id, level },
        dedupe_key: `takedown.escalated:${round(c)}:${level}`,
      });
    },
    /** The case's site is down (`how` in words): the lookalike is `down` and `lookalike.down` raised. */
    async siteDown(userId: string, kind: "domain" | "social", name: string, how: string, at: Date) {
      const t = await move(userId, kind, name, "down", at, `takedown check: ${how}`);
      if (t) await deps.alerts.raise(downAlert(t, how));
    },
    /** A down case's site is back: the lookalike `reemerged` and `lookalike.reemerged` raised. */
    async siteBack(userId: string, kind: "domain" | "social", name: string, detail: string, at: Date) {
      const t = await move(userId, kind, name, "reemerged", at, `takedown check: ${detail}`);
      if (t) await deps.alerts.raise(reemergedAlert(t));
    },
  };
}

type CaseFacts = Pick<TakedownCaseRow, "id" | "user_id" | "target" | "first_sent_at">;

export type TakedownOutcome = ReturnType<typeof createTakedownOutcome>;
