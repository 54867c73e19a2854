import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { TakedownCaseRow } from "../../db/rows.ts";
import { REPORT_JOB } from "../../queue/job-names.ts";
import type { TReportJob } from "../../queue/job-payloads.ts";
import type { LookalikesService } from "../monitoring/lookalikes.service.ts";
import type { TakedownOutcome } from "../monitoring/takedown-outcome.ts";
import type { TakedownCasesRepository } from "./takedown-cases.repository.ts";

/**
 * What a case's moves change elsewhere: the tracked lookalike follows the case (takedown
 * requested, down, back), and the owner's latest reports are made again so they show the cases.
 * Each runs after the case's own transaction; a failure is logged, never undoing the case.
 */
export function createCaseEffects(deps: {
  repo: TakedownCasesRepository;
  queue: JobQueue;
  lookalikes: Pick<LookalikesService, "takedownSent">;
  outcome: TakedownOutcome;
  logger: Logger;
}) {
  const guarded = async (what: string, c: TakedownCaseRow, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      deps.logger.warn({ case_id: c.id, err: (err as Error).message }, `takedown case: ${what} failed`);
    }
  };
  /** The owner's latest completed scan's reports, made again (one pending job per scan). */
  const refreshReports = (c: TakedownCaseRow) =>
    guarded("report refresh", c, async () => {
      const scanId = await deps.repo.latestCompletedScan(c.user_id);
      if (!scanId) return;
      const job: TReportJob = { scan_id: scanId, refresh: true };
      await deps.queue.enqueue(REPORT_JOB, job, { jobId: `report-refresh-${scanId}` });
    });
  return {
    refreshReports,
    /**
     * The report went out to `to`: the tracked lookalike is `takedown_requested`, as "takedown
     * sent" makes it, and `takedown.sent` is raised.
     */
    async sent(c: TakedownCaseRow, to: string[]) {
      await guarded("alert", c, () => deps.outcome.reportSent(c, to));
      if (c.kind === "domain")
        await guarded("lookalike move", c, () =>
          deps.lookalikes.takedownSent(c.user_id, c.finding_id, "takedown report sent from its case"),
        );
      await refreshReports(c);
    },
    /** Escalation `level` went out: `takedown.escalated`. */
    escalated: (c: TakedownCaseRow, level: number, reason: string, who: string) =>
      guarded("alert", c, () => deps.outcome.escalated(c, level, reason, who)),
    async down(c: TakedownCaseRow, how: string, at: Date) {
      await guarded("lookalike move", c, () => deps.outcome.siteDown(c.user_id, c.kind, c.target, how, at));
      await refreshReports(c);
    },
    async back(c: TakedownCaseRow, detail: string, at: Date) {
      await guarded("lookalike move", c, () =>
        deps.outcome.siteBack(c.user_id, c.kind, c.target, detail, at),
      );
      await refreshReports(c);
    },
  };
}

export type CaseEffects = ReturnType<typeof createCaseEffects>;
