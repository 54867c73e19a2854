import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ZNarrativesView } from "@brandwarden/contract/browser/reports";
import { idParam } from "../../lib/id-param.ts";
import type { ActFor } from "../sessions/actor.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { NarrativesService } from "./narratives.service.ts";

/**
 * `GET /dashboard/scans/:id/narratives`: the scan's campaign narratives (cached per scan);
 * `POST` the same path regenerates them, rate-limited per signed-in user (429 beyond).
 */
export function registerNarrativeRoutes(
  app: FastifyInstance,
  deps: { scans: ScansService; narratives: NarrativesService; actFor: ActFor },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const narratives = { schema: { response: { 200: ZNarrativesView } } };
  r.get("/dashboard/scans/:id/narratives", narratives, async (req) => {
    const scanId = idParam(req.params, "Scan");
    const p = await deps.actFor(req, { scanId });
    const scan = await deps.scans.get(p.actor, scanId);
    return deps.narratives.forScan(scan.id, p.user.id);
  });
  r.post("/dashboard/scans/:id/narratives", narratives, async (req) => {
    const scanId = idParam(req.params, "Scan");
    const p = await deps.actFor(req, { scanId });
    const scan = await deps.scans.get(p.actor, scanId);
    return deps.narratives.regenerate(scan.id, p.user.id);
  });
}
