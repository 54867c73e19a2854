import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail } from "@brandwarden/world/services/mail-parse";

/** An SMTP server that keeps messages and can hold its answer, like a slow mail relay. */
export async function startMailbox() {
  const texts: Array<{ to: string; text: string }> = [];
  let release: (() => void) | null = null;
  let held = Promise.resolve();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        void held.then(() => {
          texts.push({ to, text: parseMail(Buffer.concat(chunks).toString("utf8")).text });
          cb(null);
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    texts,
    hold() {
      held = new Promise((r) => (release = r));
    },
    release: () => release?.(),
    /** Reset tokens mailed to `to`, oldest first. */
    tokensFor: (to: string) =>
      texts.filter((m) => m.to === to).map((m) => /reset-password[/#]([A-Za-z0-9_-]+)/.exec(m.text)![1]!),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
