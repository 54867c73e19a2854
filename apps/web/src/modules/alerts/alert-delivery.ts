import { randomUUID } from "node:crypto";
import { request, type Dispatcher } from "undici";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { webhookUrlProblem } from "../../lib/webhook-url.ts";
import type { Mailer } from "../sessions/mailer.ts";
import type { UsersService } from "../users/users.service.ts";
import { signWebhook } from "../../lib/webhook-signature.ts";
import { alertEmail, alertWebhookBody } from "./alert-presenter.ts";
import type { AlertsRepository } from "./alerts.repository.ts";

/** Attempts of an alert's webhook (the alert delivery job's attempts). */
export const ALERT_DELIVERY_ATTEMPTS = 5;

export interface AlertDeliveryDeps {
  alerts: AlertsRepository;
  users: Pick<UsersService, "findById">;
  /** The SSRF-guarded outbound agent (the scan webhooks' one). */
  agent: Dispatcher;
  allowPrivateNetwork: boolean;
  /** Null when SMTP is not configured: no alert e-mail. */
  mailer: Mailer | null;
  publicUrl: string;
  logger: Logger;
}

/** POSTs the alert to the user's webhook_url, signed like `scan.completed`; throws unless 2xx. */
async function postWebhook(deps: AlertDeliveryDeps, url: string, secret: string, body: string) {
  const id = `msg_${randomUUID()}`;
  const res = await request(url, {
    method: "POST",
    dispatcher: deps.agent,
    headers: {
      "content-type": "application/json",
      ...signWebhook(secret, id, Math.floor(Date.now() / 1000), body),
    },
    body,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  await res.body.dump();
  if (res.statusCode >= 300) throw new Error(`webhook receiver answered ${res.statusCode}`);
}

/**
 * Delivers one alert on each channel still pending: the e-mail once (when SMTP is configured),
 * the webhook until the receiver takes it (2xx). Channels already delivered are not repeated on a
 * retry. Throws while the webhook still has attempts left.
 */
export async function deliverAlert(
  deps: AlertDeliveryDeps,
  alertId: string,
  attempt: number,
  attempts = ALERT_DELIVERY_ATTEMPTS,
) {
  const alert = await deps.alerts.findById(alertId);
  if (!alert) return;
  const user = await deps.users.findById(alert.user_id);
  if (!user) return;
  if (alert.email_status === "pending") {
    if (!deps.mailer) await deps.alerts.setDelivery(alert.id, { email_status: "skipped" });
    else {
      try {
        await deps.mailer.send({ to: user.email, ...alertEmail(alert, deps.publicUrl) });
        await deps.alerts.setDelivery(alert.id, { email_status: "delivered" });
      } catch (err) {
        deps.logger.warn({ alert_id: alert.id, err: (err as Error).message }, "alert e-mail not sent");
        await deps.alerts.setDelivery(alert.id, { email_status: "failed" });
      }
    }
  }
  if (alert.webhook_status !== "pending") return;
  const refused = user.webhook_url
    ? webhookUrlProblem(user.webhook_url, deps.allowPrivateNetwork)
    : "none set";
  if (!user.webhook_url || !user.webhook_secret || refused) {
    await deps.alerts.setDelivery(alert.id, { webhook_status: "skipped", webhook_error: refused });
    return;
  }
  const body = JSON.stringify(alertWebhookBody(alert, deps.publicUrl));
  try {
    await postWebhook(deps, user.webhook_url, user.webhook_secret, body);
    await deps.alerts.setDelivery(alert.id, {
      webhook_status: "delivered",
      webhook_attempts: attempt,
      webhook_error: null,
    });
    deps.logger.info({ alert_id: alert.id, type: alert.type }, "alert webhook delivered");
  } catch (err) {
    const message = (err as Error).message;
    const last = attempt >= attempts;
    await deps.alerts.setDelivery(alert.id, {
      webhook_attempts: attempt,
      webhook_error: message.slice(0, 1000),
      ...(last ? { webhook_status: "failed" as const } : {}),
    });
    if (!last) throw err;
    deps.logger.warn({ alert_id: alert.id, type: alert.type, err: message }, "alert webhook given up");
  }
}
