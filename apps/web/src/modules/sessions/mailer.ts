import nodemailer from "nodemailer";
import type { Logger } from "@brandwarden/platform/logger/logger";

export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/**
 * SMTP via nodemailer when SMTP_URL is set. Otherwise nothing is sent and the log says so, with
 * the recipient and subject only: message bodies hold reset links, which must never reach a log.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(message) {
        opts.logger.warn(
          { to: message.to, subject: message.subject },
          "e-mail not sent: mail is not configured (set SMTP_URL)",
        );
      },
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: opts.from, ...message });
    },
  };
}
