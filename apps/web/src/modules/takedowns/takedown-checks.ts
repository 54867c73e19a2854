import { humanDuration } from "@brandwarden/contract/detection-words";
import type { TTakedownCheckResponse } from "@brandwarden/contract/takedown-worker";
import { CHASED_STATES, DOWN_HOW_WORDS } from "@brandwarden/contract/takedown-words";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import type { TakedownCaseRow } from "../../db/rows.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { CaseEffects } from "./case-effects.ts";
import type { TakedownCasesRepository } from "./takedown-cases.repository.ts";
import type { TakedownSending } from "./takedown-sending.ts";

/** Sites per `/takedown/check` call (the contract's maximum). */
const CHECK_BATCH = 200;
type CheckResult = TTakedownCheckResponse["results"][number];

/**
 * The takedown checks (the scheduled job): every sent, escalated or down case's site is checked by
 * the worker. A chased site that is down ends its case (`down`, how, time-to-down from the first
 * sending); a down site that is back reopens it (`reemerged`); a chased site still up
 * `escalateAfterMs` after the sending or the last escalation escalates, once per period.
 */
export function createTakedownChecks(deps: {
  db: Db;
  repo: TakedownCasesRepository;
  worker: Pick<WorkerClient, "takedownCheck">;
  sending: Pick<TakedownSending, "escalationMail">;
  effects: CaseEffects;
  escalateAfterMs: number;
  logger: Logger;
}) {
  async function wentDown(c: TakedownCaseRow, r: CheckResult) {
    const how = r.how ?? "unreachable";
    const at = new Date(r.checked_at);
    const ttd = c.first_sent_at
      ? Math.max(0, Math.floor((at.getTime() - c.first_sent_at.getTime()) / 1000))
      : null;
    const words = `${DOWN_HOW_WORDS[how]} (${r.detail})`;
    const row = await deps.db.transaction(async (tx) => {
      const moved = await deps.repo.update(
        c.id,
        { state: "down", down_at: at, down_how: how, time_to_down_s: ttd, last_checked_at: at },
        CHASED_STATES,
        tx,
      );
      if (moved)
        await deps.repo.addTimeline(
          [{ case_id: c.id, at, event: "down", detail: `Down: ${words}${ttd !== null ? `, ${humanDuration(ttd * 1000)} after the report` : ""}` }], // prettier-ignore
          tx,
        );
      return moved;
    });
    if (row) await deps.effects.down(row, words, at);
  }

  async function cameBack(c: TakedownCaseRow, r: CheckResult) {
    const at = new Date(r.checked_at);
    // A newer case already chases this lookalike: this one stays ended.
    if (await deps.repo.openCase(c.user_id, c.kind, c.target)) {
      await deps.repo.update(c.id, { last_checked_at: at });
      return;
    }
    const row = await deps.db.transaction(async (tx) => {
      const moved = await deps.repo.update(c.id, { state: "reemerged", last_checked_at: at }, ["down"], tx);
      if (!moved) return null;
      await deps.repo.addTimeline(
        [{ case_id: c.id, at, event: "reemerged", detail: `Back up: ${r.detail}. The case is open again.` }],
        tx,
      );
      return moved;
    });
    if (row) await deps.effects.back(row, r.detail, at);
  }

  async function escalate(c: TakedownCaseRow, now: Date, since: Date) {
    // Claimed before any mail goes out, so two check rounds at once never both write to the desks.
    const claimed = await deps.repo.claimEscalation(c.id, c.escalation_level, now);
    if (!claimed) return;
    const level = claimed.escalation_level;
    const upFor = now.getTime() - since.getTime();
    const mail = await deps.sending.escalationMail(c, level, upFor);
    const reason =
      `Still up ${humanDuration(upFor)} after the ${c.escalation_level ? "last escalation" : "report"}` +
      (mail.to.length ? "" : "; no desk to write to (send a follow-up by hand)") +
      (mail.errors.length ? `; not sent: ${mail.errors.join("; ")}` : "");
    const who = mail.to.map((t) => `${t.organisation} (${t.role})`).join(", ");
    await deps.db.transaction(async (tx) => {
      await deps.repo.addEscalation({ case_id: c.id, at: now, level, to: mail.to, message_ids: mail.messageIds, reason }, tx); // prettier-ignore
      await deps.repo.addTimeline(
        [{ case_id: c.id, at: now, event: "escalated", detail: `Escalation ${level}: ${reason}${who ? `; written to ${who}` : ""}` }], // prettier-ignore
        tx,
      );
    });
    await deps.effects.escalated(claimed, level, reason, who);
  }

  async function apply(c: TakedownCaseRow, r: CheckResult, now: Date) {
    if (CHASED_STATES.includes(c.state)) {
      if (!r.up) return wentDown(c, r);
      await deps.repo.update(c.id, { last_checked_at: new Date(r.checked_at) }, CHASED_STATES);
      const since = c.last_escalated_at ?? c.first_sent_at;
      if (since && now.getTime() - since.getTime() >= deps.escalateAfterMs) await escalate(c, now, since);
    } else if (c.state === "down") {
      if (r.up) return cameBack(c, r);
      await deps.repo.update(c.id, { last_checked_at: new Date(r.checked_at) }, ["down"]);
    }
  }

  return {
    /** One round of checks; `now` is the clock escalation periods are measured with. */
    async runDue(now: Date = new Date()): Promise<void> {
      const cases = await deps.repo.checked();
      for (let i = 0; i < cases.length; i += CHECK_BATCH) {
        const batch = cases.slice(i, i + CHECK_BATCH);
        const byId = new Map(batch.map((c) => [c.id, c]));
        let results: CheckResult[];
        try {
          ({ results } = await deps.worker.takedownCheck({
            sites: batch.map((c) => ({
              case_id: c.id,
              kind: c.kind,
              domain: c.domain,
              profile_url: c.profile_url,
              baseline: c.baseline ?? null,
            })),
          }));
        } catch (err) {
          deps.logger.warn({ err: (err as Error).message, cases: batch.length }, "takedown check failed");
          continue;
        }
        for (const r of results) {
          const c = byId.get(r.case_id);
          if (!c) continue;
          try {
            await apply(c, r, now);
          } catch (err) {
            deps.logger.warn({ case_id: c.id, err: (err as Error).message }, "takedown check not applied");
          }
        }
      }
    },
  };
}

export type TakedownChecks = ReturnType<typeof createTakedownChecks>;
