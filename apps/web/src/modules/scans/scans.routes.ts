import type { FastifyInstance } from "fastify";
import {
  ZScanList,
  ZScanMoved,
  ZScanStart,
  ZScanStarted,
  ZScanStatusView,
} from "@brandwarden/contract/browser/scans";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam, idQuery } from "../../lib/id-param.ts";
import type { ActFor } from "../sessions/actor.ts";
import { presentScan, presentScanStatus } from "./scan.presenter.ts";
import type { ScansService } from "./scans.service.ts";

/**
 * The scan lifecycle on the dashboard (`@brandwarden/contract/browser/scans`): start, stop,
 * resume, the list and the status poll, on the signed-in user's scans or, for an admin acting for
 * a user (`?user_id=`, or `user_id` in a start's body), on that user's. The live stream:
 * `scan-events.routes.ts`.
 */
export function registerScanRoutes(
  app: FastifyInstance,
  deps: { scans: ScansService; actFor: ActFor },
): void {
  const scanIdOf = (req: { params: unknown }) => idParam(req.params, "Scan");
  const moved = { schema: { response: { 200: ZScanMoved } } };

  const start = { schema: { response: { 201: ZScanStarted } }, config: { docs: { body: ZScanStart } } };
  app.post("/dashboard/scans", start, async (req, reply) => {
    const body = validate(ZScanStart, req.body ?? {});
    const p = await deps.actFor(req, { userId: body.user_id });
    const scan = await deps.scans.start(p.actor);
    return reply.status(201).send({ scan_id: scan.id, scan: presentScan(scan) });
  });
  app.post("/dashboard/scans/:id/stop", moved, async (req) => {
    const p = await deps.actFor(req, { scanId: scanIdOf(req) });
    return { scan: presentScan(await deps.scans.stop(p.actor, scanIdOf(req))) };
  });
  app.post("/dashboard/scans/:id/resume", moved, async (req) => {
    const p = await deps.actFor(req, { scanId: scanIdOf(req) });
    return { scan: presentScan(await deps.scans.resume(p.actor, scanIdOf(req))) };
  });
  app.get("/dashboard/scans", { schema: { response: { 200: ZScanList } } }, async (req) => ({
    scans: (await deps.scans.list((await deps.actFor(req)).actor)).map(presentScan),
  }));

  app.get("/dashboard/status", { schema: { response: { 200: ZScanStatusView } } }, async (req) => {
    const p = await deps.actFor(req);
    return presentScanStatus(await deps.scans.status(p.actor, idQuery(req.query, "scan_id", "Scan")));
  });
}
