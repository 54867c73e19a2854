import type { KvRateLimit } from "../../lib/kv-rate-limit.ts";
import { assertWebhookUrl } from "../../lib/webhook-url.ts";

/** Saves of one user's brand profile (each queues enrichment and keyword expansion) per hour. */
export const PROFILE_SAVE_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };
/** Re-enrichments of one user's owned domains per hour (each is a fresh crawl by the worker). */
export const REENRICH_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };

/**
 * What the brand profile service checks before costly work: the webhook URL policy (https only unless
 * private networks are allowed) and per-user rate limits, answered as 429 with Retry-After.
 */
export function createProfileGuards(deps: { rateLimit: KvRateLimit; allowPrivateNetwork: boolean }) {
  return {
    async beforeProfileSave(
      userId: string,
      input: {
        webhook_url: string | null;
        slack_webhook_url: string | null;
        teams_webhook_url: string | null;
      },
    ): Promise<void> {
      // Slack and Teams posts go out like webhooks: the same SSRF rule.
      for (const field of ["webhook_url", "slack_webhook_url", "teams_webhook_url"] as const)
        assertWebhookUrl(input[field], deps.allowPrivateNetwork, field);
      const { max, windowMs } = PROFILE_SAVE_LIMIT;
      await deps.rateLimit.hit(`profile-save:user:${userId}`, max, windowMs, "profile saves");
    },
    async beforeReenrich(userId: string): Promise<void> {
      const { max, windowMs } = REENRICH_LIMIT;
      await deps.rateLimit.hit(`reenrich:user:${userId}`, max, windowMs, "re-enrichments");
    },
  };
}

export type ProfileGuards = ReturnType<typeof createProfileGuards>;
