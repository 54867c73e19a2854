import { z } from "zod";
import { ZIsoDate, ZSeverity } from "../common.ts";

/**
 * A scan's campaign as people read it, the same on the dashboard and in webhooks: the name a
 * person can say, its kind (an attack, or probably the brand's own registrations), the shared
 * keys in plain words with how many members hold each, the worst severity and score, the span of
 * registration dates. Attack campaigns come first, worst and largest first.
 */
export const ZCampaignView = z.object({
  campaign_id: z.string(),
  /** "Hostinger 127.20.80.1 · registered Oct 25–27 · 9 domains". */
  name: z.string(),
  kind: z.enum(["attack", "defensive"]),
  size: z.number().int().min(1),
  domains: z.array(z.string()),
  /** The raw shared keys (`ip:…`, `ns:…`), for machines. */
  keys: z.array(z.string()),
  evidence: z.array(z.object({ key: z.string(), text: z.string(), members: z.number().int() })),
  worst_severity: ZSeverity.nullable(),
  /** The highest (AI-adjusted where audited) score among the members. */
  max_score: z.number(),
  earliest_registration: ZIsoDate.nullable(),
  latest_registration: ZIsoDate.nullable(),
});
export type TCampaignView = z.infer<typeof ZCampaignView>;
