import { randomUUID } from "node:crypto";
import { request, type Dispatcher } from "undici";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { webhookUrlProblem } from "../../lib/webhook-url.ts";
import type { Mailer } from "../sessions/mailer.ts";
import type { UsersService } from "../users/users.service.ts";
import { signWebhook } from "../../lib/webhook-signature.ts";
import type { AlertRow, UserRow } from "../../db/rows.ts";
import { alertEmail, alertWebhookBody, presentAlert } from "./alert-presenter.ts";
import type { AlertsRepository } from "./alerts.repository.ts";
import { postChat } from "./chat-post.ts";
import { slackMessage } from "./slack-message.ts";
import { teamsMessage } from "./teams-card.ts";

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
 * the webhook, Slack and Teams until each receiver takes it (2xx). The channels are independent:
 * a delivered one is never repeated on a retry, and one that fails holds no other back. Throws
 * while a failed channel still has attempts left (the job retries); after the last attempt it is
 * `failed`, with its error.
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
  const last = attempt >= attempts;
  if (alert.email_status === "pending") await deliverEmail(deps, alert, user);
  // Side by side, so a slow receiver delays no other; each writes its own status columns.
  const [webhookError, ...chatErrors] = await Promise.all(
    [deliverWebhook, deliverSlack, deliverTeams].map((channel) => channel(deps, alert, user, attempt, last)),
  );
  const chatFailures = chatErrors.filter((e): e is Error => e !== null);
  // One column for both chats, written once: what failed on this attempt (cleared once none did).
  const chatError =
    chatFailures
      .map((e) => e.message)
      .join("; ")
      .slice(0, 1000) || null;
  if (chatError !== alert.chat_error) await deps.alerts.setDelivery(alert.id, { chat_error: chatError });
  const failures = webhookError ? [webhookError, ...chatFailures] : chatFailures;
  if (failures.length && !last) throw new Error(failures.map((e) => e.message).join("; "));
}

type Channel = (
  deps: AlertDeliveryDeps,
  alert: AlertRow,
  user: UserRow,
  attempt: number,
  last: boolean,
) => Promise<Error | null>;

async function deliverEmail(deps: AlertDeliveryDeps, alert: AlertRow, user: UserRow) {
  if (!deps.mailer) return deps.alerts.setDelivery(alert.id, { email_status: "skipped" });
  try {
    await deps.mailer.send({ to: user.email, ...alertEmail(alert, deps.publicUrl) });
    await deps.alerts.setDelivery(alert.id, { email_status: "delivered" });
  } catch (err) {
    deps.logger.warn({ alert_id: alert.id, err: (err as Error).message }, "alert e-mail not sent");
    await deps.alerts.setDelivery(alert.id, { email_status: "failed" });
  }
}

const deliverWebhook: Channel = async (deps, alert, user, attempt, last) => {
  if (alert.webhook_status !== "pending") return null;
  const refused = user.webhook_url
    ? webhookUrlProblem(user.webhook_url, deps.allowPrivateNetwork)
    : "none set";
  if (!user.webhook_url || !user.webhook_secret || refused) {
    await deps.alerts.setDelivery(alert.id, { webhook_status: "skipped", webhook_error: refused });
    return null;
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
    return null;
  } catch (err) {
    const message = (err as Error).message;
    await deps.alerts.setDelivery(alert.id, {
      webhook_attempts: attempt,
      webhook_error: message.slice(0, 1000),
      ...(last ? { webhook_status: "failed" as const } : {}),
    });
    if (last)
      deps.logger.warn({ alert_id: alert.id, type: alert.type, err: message }, "alert webhook given up");
    return err as Error;
  }
};

/** A chat channel: Slack's incoming webhook or a Teams workflow webhook, best effort. */
function chatChannel(
  service: "Slack" | "Teams",
  status: "slack_status" | "teams_status",
  urlOf: (u: UserRow) => string | null,
  messageOf: (alert: ReturnType<typeof presentAlert>) => unknown,
): Channel {
  return async (deps, alert, user, _attempt, last) => {
    if (alert[status] !== "pending") return null;
    const url = urlOf(user);
    // No URL, or one stored before the SSRF rule allowed it no more: nothing to post.
    if (!url || webhookUrlProblem(url, deps.allowPrivateNetwork)) {
      await deps.alerts.setDelivery(alert.id, { [status]: "skipped" });
      return null;
    }
    try {
      await postChat(deps.agent, service, url, messageOf(presentAlert(alert, deps.publicUrl)));
      await deps.alerts.setDelivery(alert.id, { [status]: "delivered" });
      deps.logger.info({ alert_id: alert.id, type: alert.type }, `alert posted to ${service}`);
      return null;
    } catch (err) {
      const message = `${service}: ${(err as Error).message}`.slice(0, 500);
      if (last) await deps.alerts.setDelivery(alert.id, { [status]: "failed" });
      if (last)
        deps.logger.warn({ alert_id: alert.id, type: alert.type, err: message }, "alert chat post given up");
      return new Error(message);
    }
  };
}

const deliverSlack = chatChannel("Slack", "slack_status", (u) => u.slack_webhook_url, slackMessage);
const deliverTeams = chatChannel("Teams", "teams_status", (u) => u.teams_webhook_url, teamsMessage);
