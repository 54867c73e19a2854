import type { FastifyInstance } from "fastify";
import { FINDINGS_EXPORTS } from "@brandwarden/contract/intel-words";
import { notFound } from "@brandwarden/platform/http/app-error";
import { idQuery } from "../../lib/id-param.ts";
import type { ActFor } from "../sessions/actor.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { IntelService } from "./intel.service.ts";

/**
 * `GET /exports/stix[?scan_id=]`: the scan's (default the newest) lookalikes at or above the
 * user's severity floor as one STIX 2.1 bundle, the same objects the TAXII collection serves,
 * as an attachment.
 */
export function registerStixRoutes(
  app: FastifyInstance,
  deps: { intel: IntelService; scans: Pick<ScansService, "selected">; actFor: ActFor },
): void {
  app.get(FINDINGS_EXPORTS.stix.path, async (req, reply) => {
    const p = await deps.actFor(req, { scanId: idQuery(req.query, "scan_id", "Scan") ?? null });
    const scan = await deps.scans.selected(p.actor, idQuery(req.query, "scan_id", "Scan"));
    if (!scan) throw notFound("Scan");
    const bundle = await deps.intel.bundle(p.userId, scan);
    return reply
      .type("application/stix+json;version=2.1")
      .header("content-disposition", `attachment; filename="brandwarden-stix-${scan.id}.json"`)
      .send(Buffer.from(JSON.stringify(bundle)));
  });
}
