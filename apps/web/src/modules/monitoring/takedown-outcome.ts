import type { Db } from "../../db/client.ts";
import type { TrackedRow } from "../../db/rows.ts";
import type { AlertsService } from "../alerts/alerts.service.ts";
import { downAlert, reemergedAlert } from "./alert-builders.ts";
import type { TrackingRepository } from "./tracking.repository.ts";

/**
 * What a takedown case's checks say about its tracked lookalike (issue 29): the site went down,
 * or a down site came back. The lookalike moves with a timeline entry and raises the watch's own
 * alert (`lookalike.down`, `lookalike.reemerged`), once: a lookalike already there (the watch saw
 * it first) stays as it is.
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

  return {
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

export type TakedownOutcome = ReturnType<typeof createTakedownOutcome>;
