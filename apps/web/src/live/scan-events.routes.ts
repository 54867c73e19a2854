import type { FastifyInstance } from "fastify";
import { idParam } from "../lib/id-param.ts";
import type { ScansService } from "../modules/scans/scans.service.ts";
import { requireUser } from "../modules/sessions/session.plugin.ts";
import { streamName, type ScanStreamHub } from "./scan-stream.ts";

const KEEPALIVE_MS = 15_000;

/** `GET /scans/:id/events`: the scan's stream `scan_<id>` as server-sent events, to its owner only. */
export function registerScanEventRoutes(
  app: FastifyInstance,
  deps: { scans: ScansService; hub: ScanStreamHub },
): void {
  app.get("/scans/:id/events", async (req, reply) => {
    const user = requireUser(req);
    const scan = await deps.scans.get({ id: user.id, admin: user.admin }, idParam(req.params, "Scan"));
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    let id = 0;
    const send = (type: string, data: unknown) =>
      res.write(`id: ${++id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    send("hello", { stream: streamName(scan.id), status: scan.status, stage_states: scan.stage_states });
    const unsubscribe = deps.hub.subscribe(scan.id, (m) => send(m.type, m.data));
    const keepalive = setInterval(() => res.write(": keepalive\n\n"), KEEPALIVE_MS);
    keepalive.unref();
    req.raw.on("close", () => {
      clearInterval(keepalive);
      unsubscribe();
    });
  });
}
