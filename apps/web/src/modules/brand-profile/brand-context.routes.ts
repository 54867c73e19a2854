import type { FastifyInstance } from "fastify";
import { ZDerivedKeywords } from "@brandwarden/contract/brand";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import type { BrandContextService } from "./brand-context.service.ts";

/** Internal API: a user's derived keywords (the worker's keyword expansion) and brand context. */
export function registerBrandContextRoutes(app: FastifyInstance, service: BrandContextService): void {
  app.get("/v1/users/:id/derived_keywords", (req) => service.derivedKeywords(idParam(req.params, "User")));
  app.post("/v1/users/:id/derived_keywords", { config: { docs: { body: ZDerivedKeywords } } }, (req) => {
    const id = idParam(req.params, "User");
    return service.saveDerivedKeywords(id, validate(ZDerivedKeywords, req.body));
  });
  app.get("/v1/users/:id/brand_context", (req) => service.brandContext(idParam(req.params, "User")));
}
