import type { TScanStartPayload } from "@brandwarden/contract/scan";
import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { OwnedDomainRow, SocialHandleRow, UserRow } from "../../db/rows.ts";

/** The brand profile as a scan (and a watch round) takes it: the start payload less the scan's id and resume stage. */
export type ScanBrand = Omit<TScanStartPayload, "scan_id" | "resume_from_stage">;

/** Dispatch waits while any owned domain's profile for its current generation is still pending. */
export function enrichmentPending(domains: OwnedDomainRow[]): boolean {
  return domains.some((d) => d.enrichment_status === "pending");
}

/** The scan's brand: user keywords merged with derived ones, completed domain profiles included. */
export function buildScanBrand(input: {
  user: UserRow;
  derivedKeywords: string[];
  domains: OwnedDomainRow[];
  handles: SocialHandleRow[];
  logoUrl: string | null;
}): ScanBrand {
  const keywords = [
    ...new Set([...input.user.keywords, ...input.derivedKeywords].map((k) => k.trim().toLowerCase())),
  ]
    .filter(Boolean)
    .slice(0, 200);
  return {
    user_id: input.user.id,
    brand_name: input.user.brand_name ?? input.user.brand_names[0] ?? input.domains[0]?.domain ?? "",
    keywords,
    owned_domains: input.domains.map((d) => d.domain),
    social_handles: input.handles.map((h) => ({ platform: h.platform as TSocialPlatform, handle: h.handle })),
    logo_url: input.logoUrl,
    domain_profiles: input.domains.flatMap((d) =>
      d.enrichment_status === "completed" && d.profile ? [d.profile] : [],
    ),
  };
}
