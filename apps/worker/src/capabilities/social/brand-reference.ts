import type { TScanStartPayload } from "@brandwarden/contract/scan";
import { avatarHash } from "@brandwarden/platform/images/perceptual-hash";
import type { BrandReference } from "./match.ts";
import { fold, slugOf } from "./normalize.ts";
import { fetchImage, fetchOwnProfile, type OwnProfile } from "./own-profile.ts";
import type { Prober } from "./prober.ts";
import type { SocialRuntime } from "./social-runtime.ts";

// What a found profile is compared with: the brand's names and own handles (folded), its
// domains, the lookalike findings, its own bios and site texts (embedded), and the perceptual
// hashes of its logo and official avatars, age and audience.

export interface BuiltReference {
  reference: BrandReference;
  own: OwnProfile[];
  /** The brand's own texts; the stage embeds them with the candidates' bios in one call. */
  texts: string[];
}

export function brandSeeds(payload: TScanStartPayload) {
  const handles = payload.social_handles.map((h) => h.handle.replace(/^@/, ""));
  const firstLabel = (s: string) => s.split(".")[0] ?? s;
  const seeds = [payload.brand_name, ...handles.map(firstLabel), ...payload.owned_domains.map(firstLabel)];
  return {
    brandNames: [payload.brand_name],
    handles,
    domains: payload.owned_domains,
    slugs: [...new Set(seeds.map(slugOf).filter((s) => s.length >= 3))],
  };
}

export async function buildBrandReference(
  rt: SocialRuntime,
  prober: Prober,
  payload: TScanStartPayload,
  lookalikeDomains: readonly string[],
  signal?: AbortSignal,
): Promise<BuiltReference> {
  const seeds = brandSeeds(payload);
  const own = await Promise.all(
    payload.social_handles.map((h) => fetchOwnProfile(rt, prober, h.platform, h.handle, signal)),
  );
  const logo = await fetchImage(rt, payload.logo_url, signal);
  const avatarHashes = [
    ...(logo ? [await avatarHash(logo)] : []),
    ...own.map((o) => o.profile?.avatar_hash ?? null),
  ].filter((h): h is string => h !== null);

  const texts = [
    ...own.map((o) => o.profile?.bio ?? "").filter((b) => b.length >= 10),
    ...payload.domain_profiles
      .map((d) => [d.title, d.content_snippet].filter(Boolean).join(". "))
      .filter(Boolean),
  ];
  if (texts.length === 0)
    texts.push(`${payload.brand_name} official account. ${payload.owned_domains.join(" ")}`);

  const byPlatform: Record<string, string> = {};
  let earliest: string | null = null;
  let followers: number | null = null;
  for (const o of own) {
    const c = o.profile?.account_created;
    if (c) {
      const prev = byPlatform[o.result.platform];
      if (!prev || c < prev) byPlatform[o.result.platform] = c;
      if (!earliest || c < earliest) earliest = c;
    }
    const f = o.profile?.followers;
    if (f !== null && f !== undefined) followers = Math.max(followers ?? 0, f);
  }
  return {
    own,
    texts,
    reference: {
      cores: [...new Set(seeds.slugs.map(fold))],
      slugs: seeds.slugs,
      ownedDomains: payload.owned_domains.map((d) => d.toLowerCase()),
      lookalikeDomains: new Set(lookalikeDomains.map((d) => d.toLowerCase())),
      bioVectors: [],
      avatarHashes: [...new Set(avatarHashes)],
      officialCreated: { byPlatform, earliest },
      officialFollowers: followers,
    },
  };
}
