import { createHash, randomBytes } from "node:crypto";
import type { TApiToken, TCreatedApiToken } from "@brandwarden/contract/browser/api-tokens";
import { API_TOKEN_PREFIX } from "@brandwarden/contract/intel-words";
import { AppError, notFound } from "@brandwarden/platform/http/app-error";
import type { KvRateLimit } from "../../lib/kv-rate-limit.ts";
import type { UserRow } from "../../db/rows.ts";
import type { ApiTokenRow, ApiTokensRepository } from "./api-tokens.repository.ts";

/** Requests one token may make per minute (429 with Retry-After beyond). */
export const API_TOKEN_REQUEST_LIMIT = { max: 600, windowMs: 60_000 };
/** How many tokens one user may hold. */
export const API_TOKENS_PER_USER = 50;

/** 256 random bits is far beyond guessing, so SHA-256 (not a slow password hash) is enough. */
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
/** Only tokens of our shape are looked up (a stray header costs no query). */
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

const present = (t: ApiTokenRow): TApiToken => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  created_at: t.created_at.toISOString(),
  last_used_at: t.last_used_at?.toISOString() ?? null,
});

/**
 * Personal API tokens: `bw_` + 256 random bits (base64url), shown once, stored as their SHA-256.
 * A token acts as its user (an admin's as the admin); deleting it revokes it at once.
 */
export function createApiTokensService(deps: { repo: ApiTokensRepository; rateLimit: KvRateLimit }) {
  return {
    async create(userId: string, name: string): Promise<TCreatedApiToken> {
      const held = await deps.repo.list(userId);
      if (held.length >= API_TOKENS_PER_USER)
        throw new AppError(
          "conflict",
          `At most ${API_TOKENS_PER_USER} API tokens per user; revoke one first`,
        );
      const token = API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
      const row = await deps.repo.insert({
        user_id: userId,
        name,
        token_hash: hashOf(token),
        prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
      });
      return { ...present(row), token };
    },
    list: async (userId: string) => ({ tokens: (await deps.repo.list(userId)).map(present) }),
    async revoke(userId: string, id: string): Promise<void> {
      if (!(await deps.repo.delete(userId, id))) throw notFound("API token");
    },
    /** The token's user (and the token), or null for a malformed, unknown or revoked token. */
    async authenticate(token: string): Promise<{ user: UserRow; tokenId: string } | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const found = await deps.repo.use(hashOf(token));
      if (!found) return null;
      const { max, windowMs } = API_TOKEN_REQUEST_LIMIT;
      await deps.rateLimit.hit(`api-token:${found.token.id}`, max, windowMs, "requests with this API token");
      return { user: found.user, tokenId: found.token.id };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
