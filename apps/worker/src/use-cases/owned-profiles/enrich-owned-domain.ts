import type { TEventKind } from "@brandwarden/contract/events";
import type { TDomainProfile } from "@brandwarden/contract/scan";
import type { TDomainEnrichRequest } from "@brandwarden/contract/worker-api";
import type { Logger } from "@brandwarden/platform/logger/logger";

// One owned domain of a `POST /domain/enrich`, profiled in the background: the result (or the
// failure) is published as a `domain_profile` event with the request's generation.

export interface DomainEnrichRouteDeps {
  profileOwnedDomain(domain: string): Promise<TDomainProfile>;
  /** Publishes `data` as an event envelope of `kind` on the event stream. */
  publish(kind: TEventKind, data: unknown): Promise<void>;
  logger: Pick<Logger, "info" | "warn" | "error">;
}

export async function enrichOwnedDomain(
  req: TDomainEnrichRequest,
  deps: DomainEnrichRouteDeps,
): Promise<void> {
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
