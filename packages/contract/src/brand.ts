import { z } from "zod";
import { ZDomainName, ZGeneration } from "./common.ts";
import { SOCIAL_PLATFORMS } from "./constants.ts";

export { SOCIAL_PLATFORMS, type TSocialPlatform } from "./constants.ts";
export const ZSocialPlatform = z.enum(SOCIAL_PLATFORMS);

export const ZHandle = z.string().trim().min(1).max(200);

export const ZSocialHandleRef = z.object({ platform: ZSocialPlatform, handle: ZHandle });
export type TSocialHandleRef = z.infer<typeof ZSocialHandleRef>;

export const ZKeyword = z.string().trim().toLowerCase().min(1).max(100);

/** Derived keywords as stored: deduplicated and downcased, tied to the user's keyword generation. */
export const ZDerivedKeywords = z.object({
  keywords: z.array(ZKeyword).max(500),
  generation: ZGeneration,
});
export type TDerivedKeywords = z.infer<typeof ZDerivedKeywords>;

export const ZBrandContext = z.object({
  brand_name: z.string(),
  social_handles: z.array(ZSocialHandleRef),
  keywords: z.array(z.string()),
  derived_keywords: z.array(z.string()),
  owned_domains: z.array(
    z.object({ domain: ZDomainName, title: z.string().nullable(), content_snippet: z.string().nullable() }),
  ),
});
export type TBrandContext = z.infer<typeof ZBrandContext>;
