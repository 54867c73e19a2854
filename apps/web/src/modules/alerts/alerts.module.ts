import type { Dispatcher } from "undici";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Db } from "../../db/client.ts";
import { createMailer } from "../sessions/mailer.ts";
import type { UsersService } from "../users/users.service.ts";
import { deliverAlert } from "./alert-delivery.ts";
import { createAlertsRepository } from "./alerts.repository.ts";
import { createAlertsService } from "./alerts.service.ts";

/** Alerts: raised by monitoring, listed in the in-app feed, delivered by a job (signed webhook, e-mail, Slack, Teams). */
export function createAlertsModule(deps: {
  db: Db;
  queue: JobQueue;
  users: Pick<UsersService, "findById">;
  /** The SSRF-guarded outbound agent (the scan webhooks' one). */
  agent: Dispatcher;
  allowPrivateNetwork: boolean;
  /** Unset: alerts are not e-mailed. */
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  logger: Logger;
}) {
  const repo = createAlertsRepository(deps.db);
  const delivery = {
    alerts: repo,
    users: deps.users,
    agent: deps.agent,
    allowPrivateNetwork: deps.allowPrivateNetwork,
    mailer: deps.smtpUrl
      ? createMailer({ smtpUrl: deps.smtpUrl, from: deps.mailFrom, logger: deps.logger })
      : null,
    publicUrl: deps.publicUrl,
    logger: deps.logger,
  };
  return {
    alerts: createAlertsService({ repo, queue: deps.queue }),
    /** One alert on each channel still pending (the alert delivery job's work). */
    deliverAlert: (alertId: string, attempt: number) => deliverAlert(delivery, alertId, attempt),
  };
}
