import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Db } from "../../db/client.ts";
import { createKvRateLimit } from "../../lib/kv-rate-limit.ts";
import type { UsersService } from "../users/users.service.ts";
import { createBrandContextService } from "./brand-context.service.ts";
import { createBrandProfileRepository } from "./brand-profile.repository.ts";
import { createBrandProfileService } from "./brand-profile.service.ts";
import { createEnrichmentService } from "./enrichment.service.ts";
import { createKeywordExpansionEvents } from "./keyword-expansion-events.ts";
import { createKeywordExpansionRepository } from "./keyword-expansion.repository.ts";
import { createMonitoredBrandsRepository } from "./monitored-brands.repository.ts";
import { createMonitoredBrandsService } from "./monitored-brands.service.ts";
import { createProfileGuards } from "./profile-guards.ts";

/**
 * The brand profile, one flow: the page's saves (names, keywords, webhook, logo, owned domains and
 * social handles) queue enrichment and keyword expansion; the worker's results come back as
 * events and on the internal API; a completed profile releases the owner's deferred scans.
 */
export function createBrandProfileModule(deps: {
  db: Db;
  queue: JobQueue;
  kv: KeyValueStore;
  blobs: BlobStore;
  users: Pick<UsersService, "findById" | "lockUser">;
  /** The scans module's: dispatches the user's deferred scans once no domain profile is pending. */
  dispatchDeferred: (userId: string) => Promise<number>;
  /** Owned-domain enrichment pending this long is asked again (default 5 min), this many times (default 2), then failed. */
  enrichmentStaleMs?: number;
  enrichmentRetries?: number;
  allowPrivateNetwork: boolean;
  publicUrl: string;
  logger: Logger;
}) {
  const { db, logger } = deps;
  const repo = createBrandProfileRepository(db);
  const keywordExpansions = createKeywordExpansionRepository(db);
  return {
    brandProfile: createBrandProfileService({
      db,
      queue: deps.queue,
      blobs: deps.blobs,
      repo,
      users: deps.users,
      keywordExpansions,
      guards: createProfileGuards({
        rateLimit: createKvRateLimit(deps.kv),
        allowPrivateNetwork: deps.allowPrivateNetwork,
      }),
    }),
    brandContext: createBrandContextService({ db, repo, users: deps.users, publicUrl: deps.publicUrl }),
    /** Every user's brand, for the worker's CT follower (internal API). */
    monitoredBrands: createMonitoredBrandsService({ repo: createMonitoredBrandsRepository(db) }),
    enrichment: createEnrichmentService({
      repo,
      queue: deps.queue,
      staleMs: deps.enrichmentStaleMs ?? 5 * 60_000,
      retries: deps.enrichmentRetries ?? 2,
      dispatchDeferred: deps.dispatchDeferred,
      logger,
    }),
    /** Keyword-expansion failures (`log` events with a user, no scan), kept for the brand profile page. */
    keywordExpansionLog: createKeywordExpansionEvents({ repo: keywordExpansions, logger }),
  };
}
