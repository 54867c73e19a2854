import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ZSnapshotPage, ZSnapshotQuery } from "@brandwarden/contract/browser/webhooks";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import type { WebhookSnapshotService } from "./webhook-snapshot.service.ts";

/**
 * `GET /webhooks/snapshots/:scan_id?expires=&signature=[&part=findings|social_findings|campaigns][&page=N]`:
 * the signed, expiring URL a webhook carries; no session (the signature is the credential).
 */
export function registerWebhookSnapshotRoutes(
  app: FastifyInstance,
  deps: { service: WebhookSnapshotService; publicUrl: string },
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/webhooks/snapshots/:id",
      { schema: { response: { 200: ZSnapshotPage } }, config: { docs: { querystring: ZSnapshotQuery } } },
      async (req) => {
        const scanId = idParam(req.params, "Snapshot");
        const q = validate(ZSnapshotQuery, req.query, "query");
        return deps.service.page(scanId, q, new URL(req.url, deps.publicUrl));
      },
    );
}
