import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ZAccount,
  ZAccountUpdate,
  ZLogoUploaded,
  ZOwnedDomainState,
} from "@brandwarden/contract/browser/account";
import { invalid } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import { multipartLimitError, refuseTruncatedFields } from "../../lib/multipart-limits.ts";
import type { ActFor } from "../sessions/actor.ts";
import type { BrandProfileService } from "./brand-profile.service.ts";
import { LOGO_MAX_BYTES } from "./logo.ts";

/**
 * The brand profile: read, save (enrichment and keyword jobs follow), logo upload. Admins may act
 * for any user by naming them (`?user_id=`); each such request is recorded.
 */
export function registerBrandProfileRoutes(
  app: FastifyInstance,
  deps: { brandProfile: BrandProfileService; actFor: ActFor },
): void {
  const target = async (req: FastifyRequest) => (await deps.actFor(req)).userId;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const account = { schema: { response: { 200: ZAccount } } };

  r.get("/account", account, async (req) => deps.brandProfile.profile(await target(req)));
  r.put("/account", { ...account, config: { docs: { body: ZAccountUpdate } } }, async (req) =>
    deps.brandProfile.updateProfile(await target(req), validate(ZAccountUpdate, req.body)),
  );
  r.post("/account/domains/:id/reenrich", { schema: { response: { 200: ZOwnedDomainState } } }, async (req) =>
    deps.brandProfile.reenrichDomain(await target(req), idParam(req.params, "Owned domain")),
  );

  r.post("/account/logo", { schema: { response: { 200: ZLogoUploaded } } }, async (req) => {
    const userId = await target(req);
    const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1 } }).catch((err) => {
      throw multipartLimitError(err);
    });
    if (!file) throw invalid("Choose a logo file to upload");
    refuseTruncatedFields(file.fields);
    const bytes = await file.toBuffer().catch(() => {
      throw invalid("The logo must be at most 1 MiB");
    });
    return deps.brandProfile.uploadLogo(userId, bytes);
  });
}
