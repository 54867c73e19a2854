import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { Webhook } from "../scenario/services-schema.ts";
import type { RecordedRequest, WebhookReceiver } from "./types.ts";
import { sleep } from "./http.ts";

// Webhook receiver: records every request (method, path, query, headers, body) and answers
// 200 {"ok":true}. Modes: up; slow (answers after delay_ms); error (503); down (the port is
// closed, so clients get ECONNREFUSED, and reopened on "up"). Plain node:http because a
// Fastify instance cannot listen again after close. Control and inspection paths (not recorded):
//   GET /__requests, DELETE /__requests, POST /__control/mode {"mode":"slow","delay_ms":2000}
// Any path under /__status/<code> answers that status (e.g. /__status/503), recorded too.

export interface RunningWebhook extends WebhookReceiver {
  /** Control/inspection base; in "down" mode it is closed too, so use the in-process API then. */
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, code: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(code, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export async function startWebhook(cfg: Webhook, host: string, port: number): Promise<RunningWebhook> {
  const records: RecordedRequest[] = [];
  let mode = cfg.mode;
  let delayMs = cfg.delay_ms || (cfg.mode === "slow" ? 3_000 : 0);
  const sockets = new Set<Socket>();

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    const body = await readBody(req);
    if (url.pathname === "/__requests") {
      if (req.method === "DELETE") records.length = 0;
      return send(res, 200, { requests: records });
    }
    if (url.pathname === "/__control/mode" && req.method === "POST") {
      try {
        const b = JSON.parse(body || "{}") as { mode?: Webhook["mode"]; delay_ms?: number };
        await receiver.setMode(b.mode ?? mode, b.delay_ms);
        return send(res, 200, { mode, delay_ms: delayMs });
      } catch {
        return send(res, 422, { error: "invalid", message: "body must be JSON" });
      }
    }
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = undefined;
    }
    records.push({
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      body,
      json,
      received_at: new Date().toISOString(),
    });
    const forced = /^\/__status\/(\d{3})$/.exec(url.pathname);
    if (forced) return send(res, Number(forced[1]), { ok: false });
    if (mode === "slow") await sleep(delayMs);
    if (mode === "error") return send(res, 503, { ok: false, error: "unavailable" });
    send(res, 200, { ok: true });
  };

  let server: Server | undefined;
  let boundPort = port;
  const open = async () => {
    const s = createServer((req, res) => void handler(req, res));
    s.on("connection", (sock) => {
      sockets.add(sock);
      sock.on("close", () => sockets.delete(sock));
    });
    await new Promise<void>((resolve, reject) => {
      s.once("error", reject);
      s.listen(boundPort, host, () => resolve());
    });
    boundPort = (s.address() as AddressInfo).port;
    server = s;
  };
  const shut = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    const closed = new Promise<void>((r) => s.close(() => r()));
    sockets.forEach((sock) => sock.destroy());
    await closed;
  };
  // The port is needed even when starting "down": bind, learn it, then close.
  await open();
  if (mode === "down") await shut();

  const receiver: RunningWebhook = {
    url: `http://${host}:${boundPort}`,
    requests: () => records,
    clear: () => {
      records.length = 0;
    },
    async setMode(next, nextDelay) {
      if (nextDelay !== undefined) delayMs = nextDelay;
      else if (next === "slow" && delayMs === 0) delayMs = 3_000;
      const prev = mode;
      mode = next;
      if (next === "down" && prev !== "down") await shut();
      if (next !== "down" && !server) await open();
    },
    close: shut,
  };
  return receiver;
}
