import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";

export interface TakedownAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface TakedownMail {
  to: string;
  subject: string;
  text: string;
  /** `<uuid@from-domain>`, recorded on the recipient before sending. */
  messageId: string;
  /** A follow-up: the first report's Message-ID (`In-Reply-To` and `References`). */
  inReplyTo?: string | null;
  attachments: TakedownAttachment[];
}

/** The address inside a From header (`Name <a@b>` or `a@b`). */
const addressOf = (from: string) => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();

/**
 * Takedown e-mail over SMTP (SMTP_URL, From: MAIL_FROM), null when SMTP is not configured: the
 * case then says so and offers the draft and the evidence for sending by hand.
 */
export function createTakedownMailer(opts: { smtpUrl?: string; from: string }) {
  if (!opts.smtpUrl) return null;
  const transport = nodemailer.createTransport(opts.smtpUrl);
  const fromAddress = addressOf(opts.from);
  const fromDomain = fromAddress.split("@")[1] ?? "localhost";
  return {
    fromAddress,
    fromDomain,
    newMessageId: () => `<${randomUUID()}@${fromDomain}>`,
    async send(m: TakedownMail): Promise<void> {
      await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        messageId: m.messageId,
        ...(m.inReplyTo ? { inReplyTo: m.inReplyTo, references: [m.inReplyTo] } : {}),
        attachments: m.attachments,
      });
    },
  };
}

export type TakedownMailer = NonNullable<ReturnType<typeof createTakedownMailer>>;
