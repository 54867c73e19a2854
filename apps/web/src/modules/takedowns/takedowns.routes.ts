import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ZTakedownGenerate } from "@brandwarden/contract/browser/takedowns";
import { ZTakedownDraft } from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import type { ActFor } from "../sessions/actor.ts";
import type { TakedownsService } from "./takedowns.service.ts";

/** `POST /takedowns {finding_id}`: the takedown draft of one of the user's domain findings. */
export function registerTakedownRoutes(
  app: FastifyInstance,
  deps: { takedowns: TakedownsService; actFor: ActFor },
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/takedowns",
      { schema: { response: { 200: ZTakedownDraft } }, config: { docs: { body: ZTakedownGenerate } } },
      async (req) => {
        const p = await deps.actFor(req);
        return deps.takedowns.generate(p, validate(ZTakedownGenerate, req.body).finding_id);
      },
    );
}
