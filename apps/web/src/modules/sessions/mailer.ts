import nodemailer from "nodemailer";
import type { Logger } from "@brandwarden/platform/logger/logger";

export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** SMTP via nodemailer when SMTP_URL is set; otherwise the message is written to the log. */
export function createMailer(opts: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(message) {
        opts.logger.warn(
          { to: message.to, subject: message.subject, text: message.text },
          "no SMTP configured; e-mail logged",
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
