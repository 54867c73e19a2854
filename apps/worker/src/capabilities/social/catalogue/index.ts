import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { PlatformBases } from "../social-config.ts";
import { facebook, instagram, threads, x } from "./meta-x.ts";
import { github, linkedin, reddit, telegram } from "./community.ts";
import { bluesky, mastodon } from "./fediverse.ts";
import type { CatalogueEntry } from "./types.ts";
import { tiktok, youtube } from "./video.ts";

export type { CatalogueEntry, HandleRule } from "./types.ts";

/** One entry per platform, in the contract's platform order. */
export const CATALOGUE: Readonly<Record<TSocialPlatform, CatalogueEntry>> = {
  x,
  instagram,
  facebook,
  tiktok,
  linkedin,
  youtube,
  github,
  reddit,
  telegram,
  threads,
  mastodon,
  bluesky,
};

export const CATALOGUE_PLATFORMS = Object.keys(CATALOGUE) as TSocialPlatform[];

/** Fills `{base}`, `{api}` and `{handle}` (URL-encoded) in a template. */
export function fillTemplate(template: string, bases: { base: string; api: string }, handle: string): string {
  return template
    .replace("{base}", bases.base)
    .replace("{api}", bases.api)
    .replaceAll("{handle}", encodeURIComponent(handle));
}

export function profileUrl(platform: TSocialPlatform, bases: PlatformBases, handle: string): string {
  return fillTemplate(CATALOGUE[platform].profile_url, bases[platform], handle);
}

function originOf(u: string): string | null {
  try {
    return new URL(u).origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The platform and handle a profile URL points at, or null: the host must be the configured
 * base (or one of the real site's hosts) and the path a profile path that is not a site page.
 */
export function handleFromUrl(
  raw: string,
  bases: PlatformBases,
): { platform: TSocialPlatform; handle: string } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const origin = url.origin.toLowerCase();
  const host = url.hostname.toLowerCase();
  for (const platform of CATALOGUE_PLATFORMS) {
    const entry = CATALOGUE[platform];
    const own = originOf(bases[platform].base) === origin;
    if (!own && !entry.hosts.includes(host)) continue;
    const m = entry.path_pattern.exec(decodeURIComponent(url.pathname));
    if (!m?.[1]) continue;
    const handle = entry.handle.lowercase ? m[1].toLowerCase() : m[1];
    if (entry.reserved?.includes(handle)) continue;
    return { platform, handle };
  }
  return null;
}
