import { z } from "zod";
import { SOCIAL_PLATFORMS } from "@brandwarden/contract/brand";

// The application-services half of a world scenario: social platforms, search, threat feeds,
// LLM scripts, SMTP sink and webhook receiver. Every part defaults so `{}` is a valid scenario.

/** The platforms the world serves: exactly the ones the product probes. */
export const PLATFORMS = SOCIAL_PLATFORMS;
const PlatformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof PlatformSchema>;

const ProfileStateSchema = z.enum(["existing", "suspended", "ratelimited", "waf", "slow"]);

const ProfileKindSchema = z.enum(["official", "impersonator", "fan", "parody", "namesake"]);

// How the profile picture is drawn. `logo` is the brand's logo-like mark; `noise` (0..1) perturbs
// it so impersonator avatars match the official one by perceptual hash but not byte for byte.
export const AvatarSpecSchema = z.object({
  style: z.enum(["logo", "initials", "pattern", "none"]).default("pattern"),
  seed: z.string().default("seed"),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default("#1f4e9c"),
  noise: z.number().min(0).max(1).default(0),
  size: z.number().int().min(16).max(512).default(128),
});
export type AvatarSpec = z.infer<typeof AvatarSpecSchema>;

export const SocialProfileSchema = z.object({
  platform: PlatformSchema,
  handle: z.string().min(1),
  state: ProfileStateSchema.default("existing"),
  display_name: z.string().default(""),
  bio: z.string().default(""),
  avatar: AvatarSpecSchema.default({ style: "pattern", seed: "seed", color: "#1f4e9c", noise: 0, size: 128 }),
  links: z.array(z.string()).default([]),
  verified: z.boolean().default(false),
  created_at: z.string().default("2020-01-01T00:00:00.000Z"),
  followers: z.number().int().min(0).default(0),
  following: z.number().int().min(0).default(0),
  posts: z.number().int().min(0).default(0),
  kind: ProfileKindSchema.default("namesake"),
  // `slow` profiles answer after this many milliseconds.
  delay_ms: z.number().int().min(0).default(0),
  // `ratelimited` profiles answer 429 with this Retry-After (seconds).
  retry_after_s: z.number().int().min(0).default(60),
});
export type SocialProfile = z.infer<typeof SocialProfileSchema>;

export const SearchResultSchema = z.object({
  // Absolute URL, or empty when `social` names a world profile: its URL is only known once the
  // platform server listens, so startServices fills it in.
  url: z.string().default(""),
  social: z.object({ platform: PlatformSchema, handle: z.string() }).optional(),
  title: z.string(),
  content: z.string().default(""),
  engine: z.string().default("duckduckgo"),
  // The result is returned for a query containing any of these (case-insensitive); empty = every query.
  match: z.array(z.string()).default([]),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

const FeedFaultSchema = z.enum(["none", "down", "malformed", "slow"]);
export type FeedFault = z.infer<typeof FeedFaultSchema>;

const FeedEntrySchema = z.object({
  url: z.string(),
  feeds: z
    .array(z.enum(["urlhaus", "openphish", "phishtank"]))
    .default(["urlhaus", "openphish", "phishtank"]),
  threat: z.string().default("phishing"),
  target: z.string().default("Other"),
  tags: z.array(z.string()).default([]),
  ip_address: z.string().default("127.0.0.1"),
  added_at: z.string().default("2024-01-01T00:00:00.000Z"),
  online: z.boolean().default(true),
});
export type FeedEntry = z.infer<typeof FeedEntrySchema>;

export const FeedsSchema = z.object({
  entries: z.array(FeedEntrySchema).default([]),
  faults: z
    .object({
      urlhaus: FeedFaultSchema.default("none"),
      openphish: FeedFaultSchema.default("none"),
      phishtank: FeedFaultSchema.default("none"),
    })
    .default({ urlhaus: "none", openphish: "none", phishtank: "none" }),
});
export type Feeds = z.infer<typeof FeedsSchema>;

export const LlmScriptSchema = z.object({
  // Matches when the whole prompt (system + messages) contains this string (case-insensitive).
  when_contains: z.string(),
  // The assistant text returned; for json response formats it should itself be JSON.
  answer: z.string(),
});
export type LlmScript = z.infer<typeof LlmScriptSchema>;

export const LlmFaultsSchema = z.object({
  // malformed: "content" = valid envelope whose assistant text is broken JSON (a model
  // ignoring the format); "body" = the HTTP body itself is truncated JSON.
  malformed: z.boolean().default(false),
  malformed_mode: z.enum(["content", "body"]).default("content"),
  rate_limit: z.boolean().default(false),
  retry_after_s: z.number().int().min(0).default(1),
  server_error: z.boolean().default(false),
  delay_ms: z.number().int().min(0).default(0),
  // Apply a fault to only the next N requests (0 = every request while set).
  times: z.number().int().min(0).default(0),
});
export type LlmFaults = z.infer<typeof LlmFaultsSchema>;

export const LlmSchema = z.object({
  api_key: z.string().default(""),
  model: z.string().default("world-llm-1"),
  scripts: z.array(LlmScriptSchema).default([]),
  faults: LlmFaultsSchema.default({
    malformed: false,
    malformed_mode: "content",
    rate_limit: false,
    retry_after_s: 1,
    server_error: false,
    delay_ms: 0,
    times: 0,
  }),
});
export type Llm = z.infer<typeof LlmSchema>;

const WebhookSchema = z.object({
  mode: z.enum(["up", "down", "slow", "error"]).default("up"),
  delay_ms: z.number().int().min(0).default(0),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const ServicesScenarioSchema = z.object({
  brand: z.string().default(""),
  social: z.array(SocialProfileSchema).default([]),
  // Platforms that wall every logged-out visitor of a profile page, each in its real way
  // (LinkedIn's 999, Meta's login redirect, X's JavaScript shell): nothing there can be judged.
  social_login_walls: z.array(PlatformSchema).default([]),
  search: z.array(SearchResultSchema).default([]),
  feeds: FeedsSchema.default({
    entries: [],
    faults: { urlhaus: "none", openphish: "none", phishtank: "none" },
  }),
  llm: LlmSchema.default(() => LlmSchema.parse({})),
  webhook: WebhookSchema.default({ mode: "up", delay_ms: 0 }),
});
export type ServicesScenario = z.infer<typeof ServicesScenarioSchema>;
export type ServicesScenarioInput = z.input<typeof ServicesScenarioSchema>;
export type SearchResultInput = z.input<typeof SearchResultSchema>;
export type FeedEntryInput = z.input<typeof FeedEntrySchema>;
