import type { FastifyInstance } from "fastify";
import { WORKER_PATHS, ZSocialEnrichRequest } from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import { enrichSocialHandle, type SocialEnrichDeps } from "./enrich-social-handle.ts";

// `POST /social/enrich`: 202 at once; one of the brand's own handles is profiled in the background
// (enrich-social-handle.ts) and `social_profile` published with the request's `generation`.

export interface SocialEnrichRoutes {
  /** Resolves when every background enrichment started so far has published (tests, shutdown). */
  drain(): Promise<void>;
}

export function registerSocialEnrichRoutes(api: FastifyInstance, deps: SocialEnrichDeps): SocialEnrichRoutes {
  const running = new Set<Promise<void>>();
  api.post(WORKER_PATHS.socialEnrich, async (req, reply) => {
    const body = validate(ZSocialEnrichRequest, req.body);
    const task = enrichSocialHandle(deps, body)
      .then((data) => deps.publish("social_profile", data))
      .catch((err: unknown) =>
        req.log.error({ err, social_handle_id: body.social_handle_id }, "social enrich crashed"),
      )
      .finally(() => running.delete(task));
    running.add(task);
    return reply.status(202).send({ accepted: true });
  });
  return {
    async drain() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
