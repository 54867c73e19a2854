import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ZAlertRead, ZAlertsMarked, ZAlertsPage, ZAlertsQuery } from "@brandwarden/contract/browser/alerts";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import type { ActFor } from "../sessions/actor.ts";
import type { AlertsService } from "./alerts.service.ts";

/**
 * The alert feed: `GET /alerts?page=&unread=&type=` (newest first, with the unread count),
 * `POST /alerts/:id/read`, `POST /alerts/read_all`. The page `/alerts` is the UI's.
 */
export function registerAlertRoutes(
  app: FastifyInstance,
  deps: { alerts: AlertsService; actFor: ActFor },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const feed = {
    schema: { response: { 200: ZAlertsPage } },
    config: { docs: { querystring: ZAlertsQuery } },
  };
  r.get("/alerts", feed, async (req) => {
    const p = await deps.actFor(req);
    return deps.alerts.feed(p.userId, validate(ZAlertsQuery, req.query, "query"));
  });
  r.post("/alerts/:id/read", { schema: { response: { 200: ZAlertRead } } }, async (req) => {
    const p = await deps.actFor(req);
    return { alert: await deps.alerts.markRead(p.userId, idParam(req.params, "Alert")) };
  });
  r.post("/alerts/read_all", { schema: { response: { 200: ZAlertsMarked } } }, async (req) => {
    const p = await deps.actFor(req);
    return { marked: await deps.alerts.markAllRead(p.userId) };
  });
}
