import { z } from "zod";
import { ZDomainName } from "@brandwarden/contract/common";
import { ZKeyword, ZSocialHandleRef } from "@brandwarden/contract/brand";

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
});
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;
