import { z } from "zod";
import { ZDomainName, ZGeneration, ZId, ZIsoDate, ZSeverity } from "../common.ts";
import { TLP_LEVELS } from "../intel-words.ts";
import { ZKeyword, ZSocialHandleRef, ZSocialPlatform } from "../brand.ts";

/** The brand profile page (`/account`, `?user_id=` for an admin acting for a user). */

const ZChatWebhookUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: `${what} must be an http(s) URL` })
    .max(2000)
    .nullable()
    .default(null);

/** The threat-intel feeds' sharing: only lookalikes at or above `min_severity`, marked `tlp`. */
const ZIntelSharing = z.object({
  min_severity: ZSeverity.default("medium"),
  tlp: z.enum(TLP_LEVELS).default("amber"),
});

/** `PUT /account`: the whole brand profile; lists replace what was there. */
export const ZAccountUpdate = z.object({
  brand_name: z.string().trim().min(1, "brand name is required").max(200),
  brand_names: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  keywords: z.array(ZKeyword).max(200).default([]),
  owned_domains: z.array(ZDomainName).min(1, "add at least one owned domain").max(50),
  social_handles: z.array(ZSocialHandleRef).max(100).default([]),
  webhook_url: z
    .url({ protocol: /^https?$/, error: "webhook URL must be an http(s) URL" })
    .max(2000)
    .nullable()
    .default(null),
  /** A Slack incoming webhook (`https://hooks.slack.com/services/…`): alerts as Block Kit. */
  slack_webhook_url: ZChatWebhookUrl("Slack webhook URL"),
  /** A Microsoft Teams workflow webhook: alerts as Adaptive Cards. */
  teams_webhook_url: ZChatWebhookUrl("Teams webhook URL"),
  /** What the threat-intel feeds (TAXII, STIX, MISP) share: severity floor and TLP marking. */
  intel: ZIntelSharing.default({ min_severity: "medium", tlp: "amber" }),
});
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;
/** What a caller may pass (defaults not yet applied). */
export type TAccountUpdateInput = z.input<typeof ZAccountUpdate>;

/** Where the worker's profile of an owned domain or handle stands. */
const ZEnrichmentStatus = z.enum(["pending", "completed", "failed"]);

/** An owned domain on the profile page; also the answer of `POST /account/domains/:id/reenrich`. */
export const ZOwnedDomainState = z.object({
  id: ZId,
  domain: z.string(),
  generation: ZGeneration,
  enrichment_status: ZEnrichmentStatus,
  enrichment_error: z.string().nullable(),
  /** The home page's title, once profiled. */
  title: z.string().nullable(),
});
export type TOwnedDomainState = z.infer<typeof ZOwnedDomainState>;

const ZSocialHandleState = z.object({
  id: ZId,
  platform: ZSocialPlatform,
  handle: z.string(),
  generation: ZGeneration,
  enrichment_status: ZEnrichmentStatus,
  enrichment_error: z.string().nullable(),
});

/**
 * The keyword expansion of the profile's current generation: `stored` (with the derived
 * keywords), `failed` (the worker said why), or `pending`; `problem` is the worker's report, also
 * when keywords were stored without AI because AI failed (`fallback`).
 */
const ZKeywordExpansion = z.object({
  generation: ZGeneration,
  status: z.enum(["pending", "stored", "failed"]),
  keywords: z.array(z.string()),
  problem: z
    .object({ kind: z.enum(["failed", "fallback"]), message: z.string(), reported_at: ZIsoDate })
    .nullable(),
});
export type TKeywordExpansion = z.infer<typeof ZKeywordExpansion>;

/** `GET /account`, and the answer of `PUT /account`. */
export const ZAccount = z.object({
  id: ZId,
  email: z.string(),
  admin: z.boolean(),
  brand_name: z.string().nullable(),
  brand_names: z.array(z.string()),
  keywords: z.array(z.string()),
  webhook_url: z.string().nullable(),
  webhook_secret: z.string().nullable(),
  slack_webhook_url: z.string().nullable(),
  teams_webhook_url: z.string().nullable(),
  intel: z.object({ min_severity: ZSeverity, tlp: z.enum(TLP_LEVELS) }),
  has_logo: z.boolean(),
  /** Null before the first save (nothing is expanding). */
  keyword_expansion: ZKeywordExpansion.nullable(),
  owned_domains: z.array(ZOwnedDomainState),
  social_handles: z.array(ZSocialHandleState),
});
export type TAccount = z.infer<typeof ZAccount>;

/** `POST /account/logo` (multipart, one file): where the accepted logo is served. */
export const ZLogoUploaded = z.object({ logo_url: z.string(), content_type: z.string() });
