import type { FastifyInstance } from "fastify";
import type { TEventKind } from "@brandwarden/contract/events";
import type { TDomainProfile } from "@brandwarden/contract/scan";
import {
  WORKER_PATHS,
  ZDomainEnrichRequest,
  type TDomainEnrichRequest,
} from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import type { Logger } from "@brandwarden/platform/logger/logger";

// POST /domain/enrich: answers 202 at once; the owned domain is profiled in the background and
// the result (or the failure) is published as a `domain_profile` event with the same generation.

export interface DomainEnrichRouteDeps {
  profileOwnedDomain(domain: string): Promise<TDomainProfile>;
  /** Publishes `data` as an event envelope of `kind` on `<prefix>:<kind>`. */
  publish(kind: TEventKind, data: unknown): Promise<void>;
  logger: Pick<Logger, "info" | "warn" | "error">;
}

export interface DomainEnrichRoutes {
  /** Resolves when every background enrichment started so far has published (tests, shutdown). */
  drain(): Promise<void>;
}

async function runProfile(req: TDomainEnrichRequest, deps: DomainEnrichRouteDeps): Promise<void> {
  const base = { owned_domain_id: req.owned_domain_id, user_id: req.user_id, generation: req.generation };
  let lastErr: unknown;
  // A failed run is retried once, like lookalike enrichment.
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      const profile = await deps.profileOwnedDomain(req.domain);
      await deps.publish("domain_profile", { ...base, status: "completed", profile });
      return;
    } catch (err) {
      lastErr = err;
      deps.logger.warn(
        { domain: req.domain, attempt, err: (err as Error).message },
        "owned domain enrichment failed",
      );
    }
  }
  await deps.publish("domain_profile", {
    ...base,
    status: "failed",
    profile: null,
    error: String((lastErr as Error)?.message ?? lastErr).slice(0, 2000),
  });
}

export function registerDomainEnrichRoutes(
  api: FastifyInstance,
  deps: DomainEnrichRouteDeps,
): DomainEnrichRoutes {
  const running = new Set<Promise<void>>();
  api.post(WORKER_PATHS.domainEnrich, async (request, reply) => {
    const body = validate(ZDomainEnrichRequest, request.body);
    const task = runProfile(body, deps)
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
