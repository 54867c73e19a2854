import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { TSocialProfile } from "@brandwarden/contract/events";
import { avatarHash } from "./avatar-hash.ts";
import type { ProbeResult, Prober } from "./prober.ts";
import type { SocialRuntime } from "./social-runtime.ts";

// The brand's own accounts: probed like any handle, then turned into the contract's
// `social_profile` (display name, bio, avatar hash, links, audience, age). Also fetches avatars
// (and the logo) as PNG bytes through the guarded client.

const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** PNG bytes at `url` (http(s) through the guard, or a data: URL), or null. */
export async function fetchImage(
  rt: SocialRuntime,
  url: string | null,
  signal?: AbortSignal,
): Promise<Buffer | null> {
  if (!url) return null;
  try {
    if (url.startsWith("data:")) {
      const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(url);
      return m ? Buffer.from(m[1]!, "base64") : null;
    }
    if (!/^https?:\/\//i.test(url)) return null;
    const res = await rt.http.request(url, {
      headers: { accept: "image/png,image/*;q=0.8" },
      signal,
      maxBytes: MAX_IMAGE_BYTES,
    });
    if (res.status !== 200 || !res.body.subarray(0, 4).equals(PNG_MAGIC)) return null;
    return res.body;
  } catch {
    return null;
  }
}

export interface OwnProfile {
  result: ProbeResult;
  profile: TSocialProfile | null;
  avatar_png: Buffer | null;
}

export function toSocialProfile(
  r: ProbeResult,
  avatar_hash: string | null,
  now: Date,
): TSocialProfile | null {
  if (r.verdict.status !== "found" || !r.profile) return null;
  const p = r.profile;
  return {
    platform: r.platform,
    handle: r.handle,
    display_name: p.display_name,
    bio: p.bio,
    avatar_hash,
    links: p.links.map((l) => l.slice(0, 2000)),
    followers: p.followers,
    verified: p.verified,
    account_created: p.account_created,
    fetched_at: now.toISOString(),
  };
}

export async function fetchOwnProfile(
  rt: SocialRuntime,
  prober: Prober,
  platform: TSocialPlatform,
  handle: string,
  signal?: AbortSignal,
): Promise<OwnProfile> {
  const result = await prober.probe(platform, handle);
  const avatarUrl = result.profile?.avatar_url
    ? new URL(result.profile.avatar_url, result.profile_url).toString()
    : null;
  const avatar_png = result.verdict.status === "found" ? await fetchImage(rt, avatarUrl, signal) : null;
  const hash = avatar_png ? avatarHash(avatar_png) : null;
  return { result, profile: toSocialProfile(result, hash, rt.now()), avatar_png };
}
