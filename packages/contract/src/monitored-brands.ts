import { z } from "zod";
import { ZDomainName, ZId } from "./common.ts";
import { ZDomainProfile } from "./scan.ts";

/**
 * Every user's brand, as the worker's continuous monitors (the Certificate Transparency follower)
 * match new names against all of them at once: internal `GET /v1/brands/monitored`. Keywords are
 * the user's and the derived ones of the current generation, as a scan gets them; profiles are
 * the completed ones of the owned domains.
 */
const ZMonitoredBrand = z.object({
  user_id: ZId,
  brand_name: z.string().max(200),
  brand_names: z.array(z.string().max(200)).max(100),
  keywords: z.array(z.string().max(100)).max(1000),
  owned_domains: z.array(ZDomainName).max(1000),
  domain_profiles: z.array(ZDomainProfile).max(1000),
});
export type TMonitoredBrand = z.infer<typeof ZMonitoredBrand>;

export const ZMonitoredBrandsResponse = z.object({ brands: z.array(ZMonitoredBrand) });
export type TMonitoredBrandsResponse = z.infer<typeof ZMonitoredBrandsResponse>;
