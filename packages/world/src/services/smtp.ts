import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import type { SmtpMessage, SmtpSink } from "./types.ts";
import { createApp, listen } from "./http.ts";
import { decodeWords, parseMail } from "./mail-parse.ts";

// SMTP sink: accepts any sender, recipient and credentials (no TLS, AUTH optional) and keeps
// every message. Messages are readable in-process (`messages()`, `waitFor()`) and over HTTP
// on a second port: GET /messages, GET /messages/:id, DELETE /messages.

export interface RunningSmtp extends SmtpSink {
  apiUrl: string;
  close(): Promise<void>;
}

export async function startSmtp(host: string, port: number, apiPort: number): Promise<RunningSmtp> {
  const messages: SmtpMessage[] = [];
  const waiters: Array<() => void> = [];
  const listeners = new Set<(m: SmtpMessage) => void>();
  let nextId = 1;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    banner: "Brandwarden world SMTP sink",
    logger: false,
    // Do not let a client that never says QUIT hold up stop().
    closeTimeout: 1_000,
    size: 50 * 1024 * 1024,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username ?? "anonymous" });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMail(raw);
        const envFrom = session.envelope.mailFrom;
        const message: SmtpMessage = {
          id: nextId++,
          from: envFrom ? envFrom.address : decodeWords(parsed.headers.from ?? ""),
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject,
          headers: parsed.headers,
          text: parsed.text,
          html: parsed.html,
          attachments: parsed.attachments,
          raw,
          received_at: new Date().toISOString(),
        };
        messages.push(message);
        waiters.splice(0).forEach((w) => w());
        for (const l of listeners) l(message);
        cb(null, "Message queued as world-" + (nextId - 1));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const smtpPort = (server.server.address() as AddressInfo).port;

  const app = createApp();
  app.get("/messages", async () => ({ messages }));
  app.get<{ Params: { id: string } }>("/messages/:id", async (req, reply) => {
    const m = messages.find((x) => x.id === Number(req.params.id));
    return m ?? reply.code(404).send({ error: "not_found", message: "no such message" });
  });
  app.delete("/messages", async () => {
    messages.length = 0;
    return { messages: [] };
  });
  const api = await listen(app, host, apiPort);

  const sink: RunningSmtp = {
    url: `smtp://${host}:${smtpPort}`,
    apiUrl: api.url,
    messages: () => messages,
    clear: () => {
      messages.length = 0;
    },
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching SMTP message within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = () => {
          const hit = messages.find(predicate);
          if (hit) {
            clearTimeout(timer);
            resolve(hit);
          } else waiters.push(check);
        };
        check();
      });
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      await Promise.all([new Promise<void>((r) => server.close(() => r())), api.close()]);
    },
  };
  return sink;
}
