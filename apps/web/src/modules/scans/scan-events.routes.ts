import type { FastifyInstance } from "fastify";
import type { TScanStreamHello, TScanStreamWaiting } from "@brandwarden/contract/browser/events";
import type { DependencyWait } from "../../lib/dependency-wait.ts";
import { idParam } from "../../lib/id-param.ts";
import { streamName, type ScanStreamHub } from "../../lib/scan-stream.ts";
import type { ActFor } from "../sessions/actor.ts";
import type { ScansService } from "./scans.service.ts";

const KEEPALIVE_MS = 15_000;

/**
 * `GET /scans/:id/events`: the scan's stream `scan_<id>` as server-sent events, to its owner only
 * (contract 5.5), or to an admin acting for the owner explicitly (`?user_id=`, recorded).
 */
export function registerScanEventRoutes(
  app: FastifyInstance,
  deps: { scans: ScansService; hub: ScanStreamHub; actFor: ActFor; wait?: DependencyWait },
): void {
  app.get("/scans/:id/events", async (req, reply) => {
    const scanId = idParam(req.params, "Scan");
    const { actor } = await deps.actFor(req, { scanId });
    const scan = await deps.scans.get(actor, scanId);
    reply.hijack();
    const res = reply.raw;
    // Closed while it was being authorised (the process is stopping): nothing more to send.
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    let id = 0;
    const send = (type: string, data: unknown) =>
      res.write(`id: ${++id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    const hello: TScanStreamHello = {
      stream: streamName(scan.id),
      status: scan.status,
      stage_states: scan.stage_states,
    };
    send("hello", hello);
    const unsubscribe = deps.hub.subscribe(scan.id, (m) => send(m.type, m.data));
    // An outage holds the scan's progress: the dashboard says so rather than going quiet.
    const waiting = (state: TScanStreamWaiting) => send("waiting", state);
    const held = deps.wait?.state();
    if (held) waiting(held);
    const unwatch = deps.wait?.subscribe((state) => waiting(state ?? { for: null }));
    const keepalive = setInterval(() => res.write(": keepalive\n\n"), KEEPALIVE_MS);
    keepalive.unref();
    req.raw.on("close", () => {
      clearInterval(keepalive);
      unsubscribe();
      unwatch?.();
    });
  });
}
