import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { TSocialProfile } from "@brandwarden/contract/events";
import { ImageRejectedError, toBoundedPng } from "@brandwarden/platform/images/bounded-image";
import { avatarHash } from "@brandwarden/platform/images/perceptual-hash";
import type { ProbeResult, Prober } from "./prober.ts";
import type { SocialRuntime } from "./social-runtime.ts";

// The brand's own accounts: probed like any handle, then turned into the contract's
// `social_profile` (display name, bio, avatar hash, links, audience, age). Also fetches avatars
// (and the logo) through the guarded client, any of PNG, JPEG, WebP, GIF or SVG, checked and
// decoded within bounds (platform images) and kept as a PNG of at most 400x400.

const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const AVATAR_SIDE = 400;

/**
 * The image at `url` (http(s) through the guard, or a base64 data: URL) as PNG bytes, or null.
 * An image refused by the bounds (too many pixels, not an image) is skipped: `onSkip` says why.
 */
export async function fetchImage(
  rt: SocialRuntime,
  url: string | null,
  signal?: AbortSignal,
  onSkip?: (reason: string) => void,
): Promise<Buffer | null> {
  if (!url) return null;
  let bytes: Buffer;
  try {
    if (url.startsWith("data:")) {
      const m = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=]+)$/i.exec(url);
      if (!m) return null;
      bytes = Buffer.from(m[1]!, "base64");
    } else {
      if (!/^https?:\/\//i.test(url)) return null;
      const res = await rt.http.request(url, {
        headers: { accept: "image/png,image/*;q=0.8" },
        signal,
        maxBytes: MAX_IMAGE_BYTES,
      });
      if (res.status !== 200) return null;
      bytes = res.body;
    }
  } catch {
    return null;
  }
  try {
    return await toBoundedPng(bytes, { maxSide: AVATAR_SIDE });
  } catch (err) {
    if (err instanceof ImageRejectedError) onSkip?.(`${url.slice(0, 120)}: ${err.message}`);
    return null;
  }
}

export interface OwnProfile {
  result: ProbeResult;
  profile: TSocialProfile | null;
  avatar_png: Buffer | null;
}

function toSocialProfile(r: ProbeResult, avatar_hash: string | null, now: Date): TSocialProfile | null {
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
  const hash = avatar_png ? await avatarHash(avatar_png) : null;
  return { result, profile: toSocialProfile(result, hash, rt.now()), avatar_png };
}
