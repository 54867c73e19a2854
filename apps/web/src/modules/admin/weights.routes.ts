import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ZManualWeightsPut, ZWeightsOverview } from "@brandwarden/contract/browser/admin";
import { ZWeightSet } from "@brandwarden/contract/scoring";
import { validate } from "@brandwarden/platform/http/validate";
import { requireAdmin } from "../sessions/session.plugin.ts";
import type { WeightsAdminService } from "../scoring/weights-admin.service.ts";

/** Admin → Weights: see the defaults and learned sets, store a `manual` set. */
export function registerWeightsAdminRoutes(app: FastifyInstance, service: WeightsAdminService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/admin/weights", { schema: { response: { 200: ZWeightsOverview } } }, async (req) => {
    requireAdmin(req);
    return service.overview();
  });
  const put = { schema: { response: { 200: ZWeightSet } }, config: { docs: { body: ZManualWeightsPut } } };
  r.put("/admin/weights", put, async (req) => {
    requireAdmin(req);
    return service.saveManual(validate(ZManualWeightsPut, req.body));
  });
}
