import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Db } from "../../db/client.ts";
import { createKvRateLimit } from "../../lib/kv-rate-limit.ts";
import { createApiTokensRepository } from "./api-tokens.repository.ts";
import { createApiTokensService } from "./api-tokens.service.ts";

/** Personal API tokens (the account page, the CLI, and every Bearer request). */
export function createApiTokensModule(deps: { db: Db; kv: KeyValueStore }) {
  return {
    apiTokens: createApiTokensService({
      repo: createApiTokensRepository(deps.db),
      rateLimit: createKvRateLimit(deps.kv),
    }),
  };
}
