import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ZDomainName } from "@brandwarden/contract/common";
import {
  ZChangesView,
  ZConfirmRequest,
  ZFindingDetail,
  ZFindingKindQuery,
  ZLookalikeDetail,
  ZLookalikeMoved,
  ZLookalikesPage,
  ZLookalikesQuery,
  ZPinCreated,
  ZPinRequest,
  ZPins,
  ZTimeToDetectView,
  ZWatchView,
} from "@brandwarden/contract/browser/monitoring";
import { notFound } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import type { ActFor } from "../sessions/actor.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { LookalikesService } from "./lookalikes.service.ts";

/**
 * Monitoring's JSON (the UI pages of the same paths open on a browser navigation):
 * - `GET /lookalikes[?state=&kind=&q=&page=]`, `GET /lookalikes/:id` (with its timeline),
 *   `POST /lookalikes/:id/confirm` (an analyst confirms it malicious);
 * - `GET /findings/:id[?kind=social]`: a finding, its change since the previous scan, its timeline;
 * - `GET|POST /monitoring/pins`, `DELETE /monitoring/pins/:domain`: names the watch always checks;
 * - `GET /dashboard/changes[?scan_id=]`: what changed since the last scan; `GET /monitoring/watch`;
 * - `GET /monitoring/time_to_detect`: the median time from registration to detection per source.
 */
export function registerMonitoringRoutes(
  app: FastifyInstance,
  deps: { lookalikes: LookalikesService; scans: ScansService; actFor: ActFor },
): void {
  const { lookalikes } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const moved = { schema: { response: { 200: ZLookalikeMoved } } };

  const list = {
    schema: { response: { 200: ZLookalikesPage } },
    config: { docs: { querystring: ZLookalikesQuery } },
  };
  r.get("/lookalikes", list, async (req) => {
    const p = await deps.actFor(req);
    return lookalikes.list(p.userId, validate(ZLookalikesQuery, req.query, "query"));
  });
  r.get("/lookalikes/:id", { schema: { response: { 200: ZLookalikeDetail } } }, async (req) => {
    const p = await deps.actFor(req);
    return lookalikes.detail(p.userId, idParam(req.params, "Lookalike"));
  });
  r.post(
    "/lookalikes/:id/confirm",
    { ...moved, config: { docs: { body: ZConfirmRequest } } },
    async (req) => {
      const p = await deps.actFor(req);
      const { note } = validate(ZConfirmRequest, req.body ?? {});
      return lookalikes.confirm(p.userId, idParam(req.params, "Lookalike"), note ?? null);
    },
  );
  const finding = {
    schema: { response: { 200: ZFindingDetail } },
    config: { docs: { querystring: ZFindingKindQuery } },
  };
  r.get("/findings/:id", finding, async (req) => {
    const p = await deps.actFor(req);
    const { kind } = validate(ZFindingKindQuery, req.query, "query");
    return lookalikes.forFinding(p.userId, idParam(req.params, "Finding"), kind);
  });

  r.get("/monitoring/pins", { schema: { response: { 200: ZPins } } }, async (req) => ({
    pins: await lookalikes.pins((await deps.actFor(req)).userId),
  }));
  const pin = { schema: { response: { 201: ZPinCreated } }, config: { docs: { body: ZPinRequest } } };
  r.post("/monitoring/pins", pin, async (req, reply) => {
    const p = await deps.actFor(req);
    const body = validate(ZPinRequest, req.body);
    return reply.status(201).send({ pin: await lookalikes.pin(p.userId, body.domain, body.note ?? null) });
  });
  r.delete("/monitoring/pins/:domain", async (req, reply) => {
    const p = await deps.actFor(req);
    const domain = ZDomainName.safeParse((req.params as { domain?: string }).domain);
    if (!domain.success) throw notFound("Pin");
    await lookalikes.unpin(p.userId, domain.data);
    return reply.status(204).send();
  });
  r.get("/monitoring/time_to_detect", { schema: { response: { 200: ZTimeToDetectView } } }, async (req) =>
    lookalikes.timeToDetect((await deps.actFor(req)).userId),
  );
  r.get("/monitoring/watch", { schema: { response: { 200: ZWatchView } } }, async (req) => {
    const { userId } = await deps.actFor(req);
    const [last_round, cycle] = await Promise.all([
      lookalikes.lastWatch(userId),
      lookalikes.watchCycle(userId),
    ]);
    return { last_round, cycle };
  });

  r.get("/dashboard/changes", { schema: { response: { 200: ZChangesView } } }, async (req) => {
    const p = await deps.actFor(req);
    const scanId = (req.query as { scan_id?: unknown }).scan_id;
    const scan =
      scanId !== undefined
        ? await deps.scans.get(p.actor, idParam({ id: scanId }, "Scan"))
        : (await deps.scans.list(p.actor))[0];
    return lookalikes.changesOf(scan?.id ?? null);
  });
}
