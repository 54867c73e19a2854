import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Db } from "../../db/client.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import type { BrandContextService } from "../brand-profile/brand-context.service.ts";
import type { LookalikesService } from "../monitoring/lookalikes.service.ts";
import type { TakedownOutcome } from "../monitoring/takedown-outcome.ts";
import type { UsersService } from "../users/users.service.ts";
import { createCaseEffects } from "./case-effects.ts";
import { createTakedownCasesRepository } from "./takedown-cases.repository.ts";
import { createTakedownCasesService } from "./takedown-cases.service.ts";
import { createTakedownChecks } from "./takedown-checks.ts";
import { createTakedownEvidence } from "./takedown-evidence.ts";
import { createTakedownMailer } from "./takedown-mailer.ts";
import { createTakedownSending } from "./takedown-sending.ts";
import { createTakedownsService } from "./takedowns.service.ts";

/**
 * Takedowns: the worker's draft of the abuse e-mail for one of the user's domain findings
 * (`POST /takedowns`), and takedown cases (issue 29): evidence pack, recipients, sending by
 * e-mail, checks until the site is down, escalation, stats.
 */
export function createTakedownsModule(deps: {
  db: Db;
  queue: JobQueue;
  kv: KeyValueStore;
  blobs: BlobStore;
  worker: Pick<WorkerClient, "takedown" | "evidence" | "takedownCheck">;
  auditEvents: Pick<AuditEventsService, "record">;
  users: Pick<UsersService, "findById">;
  /** The brand profile: a social case's report names the brand's official accounts. */
  brand: Pick<BrandContextService, "brandContext">;
  lookalikes: Pick<LookalikesService, "takedownSent">;
  outcome: TakedownOutcome;
  smtpUrl?: string;
  mailFrom: string;
  /** TAKEDOWN_ESCALATE_AFTER and TAKEDOWN_SEND_LIMIT. */
  takedowns: { escalateAfterMs: number; sendLimitPerHour: number };
  logger: Logger;
}) {
  const repo = createTakedownCasesRepository(deps.db);
  const mailer = createTakedownMailer({ smtpUrl: deps.smtpUrl, from: deps.mailFrom });
  const effects = createCaseEffects({ repo, queue: deps.queue, lookalikes: deps.lookalikes, outcome: deps.outcome, logger: deps.logger }); // prettier-ignore
  const sending = createTakedownSending({ ...deps, repo, mailer, effects });
  return {
    takedowns: createTakedownsService({
      repo,
      worker: deps.worker,
      auditEvents: deps.auditEvents,
    }),
    takedownCases: createTakedownCasesService({
      ...deps,
      repo,
      effects,
      smtp: mailer !== null,
      sendLimitPerHour: deps.takedowns.sendLimitPerHour,
    }),
    takedownEvidence: createTakedownEvidence({ ...deps, repo }),
    takedownSending: sending,
    takedownChecks: createTakedownChecks({ ...deps, repo, sending, effects, escalateAfterMs: deps.takedowns.escalateAfterMs }), // prettier-ignore
  };
}
