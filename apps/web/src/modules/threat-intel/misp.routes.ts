import type { FastifyInstance } from "fastify";
import { FINDINGS_EXPORTS } from "@brandwarden/contract/intel-words";
import { ZMispExportQuery } from "@brandwarden/contract/browser/misp-export";
import { validate } from "@brandwarden/platform/http/validate";
import type { ActFor } from "../sessions/actor.ts";
import type { MispExportService } from "./misp-export.service.ts";

/**
 * `GET /exports/misp?scan_id=…` (`@brandwarden/contract/browser/misp-export`): one MISP event of
 * the user's scan (or, for an admin acting for a user with `?user_id=`, of theirs), as a file.
 */
export function registerMispRoutes(
  app: FastifyInstance,
  deps: { mispExport: MispExportService; actFor: ActFor },
): void {
  app.get(FINDINGS_EXPORTS.misp.path, async (req, reply) => {
    const p = await deps.actFor(req);
    const { user_id: _, ...query } = req.query as Record<string, unknown>;
    const { scan_id } = validate(ZMispExportQuery, query, "query");
    const { scanId, event } = await deps.mispExport.event(p, scan_id);
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="brandwarden-misp-${scanId}.json"`)
      .send(event);
  });
}
