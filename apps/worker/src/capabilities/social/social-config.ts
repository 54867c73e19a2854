import { z } from "zod";
import { durationMs, url } from "@brandwarden/platform/config/env-fields";
import type { TSocialPlatform } from "@brandwarden/contract/brand";

// The social module's environment variables, merged into the worker's ZWorkerEnv. Base URLs
// default to the real sites; the world (and tests) point them at loopback servers.

const httpUrl = () => url(["http", "https"]);
const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const SOCIAL_ENV_FIELDS = {
  SOCIAL_X_BASE_URL: httpUrl().default("https://x.com"),
  SOCIAL_X_API_URL: httpUrl().default("https://api.x.com"),
  SOCIAL_INSTAGRAM_BASE_URL: httpUrl().default("https://www.instagram.com"),
  SOCIAL_FACEBOOK_BASE_URL: httpUrl().default("https://www.facebook.com"),
  SOCIAL_TIKTOK_BASE_URL: httpUrl().default("https://www.tiktok.com"),
  SOCIAL_LINKEDIN_BASE_URL: httpUrl().default("https://www.linkedin.com"),
  SOCIAL_YOUTUBE_BASE_URL: httpUrl().default("https://www.youtube.com"),
  SOCIAL_YOUTUBE_API_URL: httpUrl().default("https://www.googleapis.com/youtube/v3"),
  SOCIAL_GITHUB_BASE_URL: httpUrl().default("https://github.com"),
  SOCIAL_GITHUB_API_URL: httpUrl().default("https://api.github.com"),
  SOCIAL_REDDIT_BASE_URL: httpUrl().default("https://www.reddit.com"),
  SOCIAL_TELEGRAM_BASE_URL: httpUrl().default("https://t.me"),
  SOCIAL_THREADS_BASE_URL: httpUrl().default("https://www.threads.com"),
  SOCIAL_MASTODON_BASE_URL: httpUrl().default("https://mastodon.social"),
  SOCIAL_BLUESKY_BASE_URL: httpUrl().default("https://bsky.app"),
  SOCIAL_BLUESKY_API_URL: httpUrl().default("https://public.api.bsky.app"),
  /** SearXNG root (the client appends /search); unset: no search-based discovery. */
  SEARCH_URL: httpUrl().optional(),
  /** Optional paid search: Brave Search API, used when the key is set. */
  BRAVE_SEARCH_API_KEY: z.string().min(1).optional(),
  BRAVE_SEARCH_URL: httpUrl().default("https://api.search.brave.com/res/v1/web/search"),
  /** Probes in flight at once on one platform. */
  SOCIAL_CONCURRENCY_PER_PLATFORM: count(1, 64).default(4),
  /** Requests (retries included) one scan may send to one platform. */
  SOCIAL_BUDGET_PER_PLATFORM: count(1, 100_000).default(120),
  /** Timeout of one probe (connect + headers + body). */
  SOCIAL_TIMEOUT_MS: durationMs().default(10_000),
  /** A 429/503 Retry-After (or a spent rate-limit window) is waited out only up to this long; longer means `unknown`. */
  SOCIAL_MAX_RETRY_AFTER_MS: durationMs().default(30_000),
  /** Optional GitHub token (any scope-less fine-grained or classic token): 5,000 requests an hour instead of 60. */
  SOCIAL_GITHUB_TOKEN: z.string().min(1).optional(),
  /** OpenAI-compatible API root for embeddings (client appends /embeddings); unset: local embedding. */
  LLM_EMBEDDINGS_URL: httpUrl().optional(),
  LLM_EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  LLM_EMBEDDINGS_MODEL: z.string().min(1).default("text-embedding-3-small"),
};

const ZSocialEnv = z.object(SOCIAL_ENV_FIELDS);
type SocialEnv = z.infer<typeof ZSocialEnv>;

/** Where each platform lives: `base` is the site people see, `api` the public API root. */
export type PlatformBases = Record<TSocialPlatform, { base: string; api: string }>;

export interface SocialConfig {
  bases: PlatformBases;
  searchUrl: string | null;
  brave: { key: string; url: string } | null;
  concurrencyPerPlatform: number;
  budgetPerPlatform: number;
  timeoutMs: number;
  maxRetryAfterMs: number;
  /** Request headers carrying each platform's optional credential. */
  credentials: Partial<Record<TSocialPlatform, Record<string, string>>>;
  userAgent: string;
  allowPrivateNetwork: boolean;
  embeddings: { url: string; apiKey: string | null; model: string } | null;
}

const trim = (u: string) => u.replace(/\/+$/, "");

/** GitHub REST takes a token as `Authorization: Bearer` (docs.github.com/rest/authentication). */
function credentialHeaders(env: SocialEnv): SocialConfig["credentials"] {
  const out: SocialConfig["credentials"] = {};
  if (env.SOCIAL_GITHUB_TOKEN) out.github = { authorization: `Bearer ${env.SOCIAL_GITHUB_TOKEN}` };
  return out;
}

export function toSocialConfig(
  env: SocialEnv,
  shared: { userAgent: string; allowPrivateNetwork: boolean },
): SocialConfig {
  const same = (base: string) => ({ base: trim(base), api: trim(base) });
  return {
    bases: {
      x: { base: trim(env.SOCIAL_X_BASE_URL), api: trim(env.SOCIAL_X_API_URL) },
      instagram: same(env.SOCIAL_INSTAGRAM_BASE_URL),
      facebook: same(env.SOCIAL_FACEBOOK_BASE_URL),
      tiktok: same(env.SOCIAL_TIKTOK_BASE_URL),
      linkedin: same(env.SOCIAL_LINKEDIN_BASE_URL),
      youtube: { base: trim(env.SOCIAL_YOUTUBE_BASE_URL), api: trim(env.SOCIAL_YOUTUBE_API_URL) },
      github: { base: trim(env.SOCIAL_GITHUB_BASE_URL), api: trim(env.SOCIAL_GITHUB_API_URL) },
      reddit: same(env.SOCIAL_REDDIT_BASE_URL),
      telegram: same(env.SOCIAL_TELEGRAM_BASE_URL),
      threads: same(env.SOCIAL_THREADS_BASE_URL),
      mastodon: same(env.SOCIAL_MASTODON_BASE_URL),
      bluesky: { base: trim(env.SOCIAL_BLUESKY_BASE_URL), api: trim(env.SOCIAL_BLUESKY_API_URL) },
    },
    searchUrl: env.SEARCH_URL ? trim(env.SEARCH_URL) : null,
    brave: env.BRAVE_SEARCH_API_KEY ? { key: env.BRAVE_SEARCH_API_KEY, url: env.BRAVE_SEARCH_URL } : null,
    concurrencyPerPlatform: env.SOCIAL_CONCURRENCY_PER_PLATFORM,
    budgetPerPlatform: env.SOCIAL_BUDGET_PER_PLATFORM,
    timeoutMs: env.SOCIAL_TIMEOUT_MS,
    maxRetryAfterMs: env.SOCIAL_MAX_RETRY_AFTER_MS,
    credentials: credentialHeaders(env),
    userAgent: shared.userAgent,
    allowPrivateNetwork: shared.allowPrivateNetwork,
    embeddings: env.LLM_EMBEDDINGS_URL
      ? {
          url: trim(env.LLM_EMBEDDINGS_URL),
          apiKey: env.LLM_EMBEDDINGS_API_KEY ?? null,
          model: env.LLM_EMBEDDINGS_MODEL,
        }
      : null,
  };
}

/** Social config straight from an environment (tests, bench, CLI): defaults for everything unset. */
export function socialConfigFromEnv(
  env: Record<string, string | undefined>,
  shared: Partial<{ userAgent: string; allowPrivateNetwork: boolean }> = {},
): SocialConfig {
  const input: Record<string, string | undefined> = {};
  for (const k of Object.keys(SOCIAL_ENV_FIELDS)) input[k] = env[k] === "" ? undefined : env[k];
  return toSocialConfig(ZSocialEnv.parse(input), {
    userAgent: shared.userAgent ?? env.USER_AGENT ?? "Mozilla/5.0 (compatible; Brandwarden/0.1)",
    allowPrivateNetwork: shared.allowPrivateNetwork ?? env.ALLOW_PRIVATE_NETWORK === "true",
  });
}
