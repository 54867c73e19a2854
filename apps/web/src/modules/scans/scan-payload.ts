import type { TScanStartPayload } from "@brandwarden/contract/scan";
import type { TScanStage } from "@brandwarden/contract/constants";
import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { OwnedDomainRow, SocialHandleRow } from "../brand/brand.repository.ts";
import type { UserRow } from "../users/users.repository.ts";

/** Dispatch waits while any owned domain's profile for its current generation is still pending. */
export function enrichmentPending(domains: OwnedDomainRow[]): boolean {
  return domains.some((d) => d.enrichment_status === "pending");
}

/** The start payload: user keywords merged with derived ones, completed domain profiles included. */
export function buildStartPayload(input: {
  scanId: string;
  user: UserRow;
  derivedKeywords: string[];
  domains: OwnedDomainRow[];
  handles: SocialHandleRow[];
  logoUrl: string | null;
  resumeFrom: TScanStage | null;
}): TScanStartPayload {
  const keywords = [
    ...new Set([...input.user.keywords, ...input.derivedKeywords].map((k) => k.trim().toLowerCase())),
  ]
    .filter(Boolean)
    .slice(0, 200);
  return {
    scan_id: input.scanId,
    user_id: input.user.id,
    brand_name: input.user.brand_name ?? input.user.brand_names[0] ?? input.domains[0]?.domain ?? "",
    keywords,
    owned_domains: input.domains.map((d) => d.domain),
    social_handles: input.handles.map((h) => ({ platform: h.platform as TSocialPlatform, handle: h.handle })),
    logo_url: input.logoUrl,
    domain_profiles: input.domains.flatMap((d) =>
      d.enrichment_status === "completed" && d.profile ? [d.profile] : [],
    ),
    resume_from_stage: input.resumeFrom,
  };
}
