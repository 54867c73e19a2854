import type { FastifyInstance } from "fastify";
import { WORKER_PATHS, ZDomainEnrichRequest } from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import { enrichOwnedDomain, type DomainEnrichRouteDeps } from "./enrich-owned-domain.ts";

// POST /domain/enrich: answers 202 at once; the owned domain is profiled in the background and
// the result (or the failure) is published as a `domain_profile` event with the same generation.

export interface DomainEnrichRoutes {
  /** Resolves when every background enrichment started so far has published (tests, shutdown). */
  drain(): Promise<void>;
}

export function registerDomainEnrichRoutes(
  api: FastifyInstance,
  deps: DomainEnrichRouteDeps,
): DomainEnrichRoutes {
  const running = new Set<Promise<void>>();
  api.post(WORKER_PATHS.domainEnrich, async (request, reply) => {
    const body = validate(ZDomainEnrichRequest, request.body);
    const task = enrichOwnedDomain(body, deps)
      .catch((err) => deps.logger.error({ err, domain: body.domain }, "publishing domain_profile failed"))
      .finally(() => running.delete(task));
    running.add(task);
    return reply.code(202).send({ accepted: true });
  });
  return {
    async drain() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
