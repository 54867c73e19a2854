import type { Platform } from "../../scenario/services-schema.ts";
import { bluesky } from "./bluesky.ts";
import type { PlatformDef } from "./common.ts";
import { github } from "./github.ts";
import { linkedin } from "./linkedin.ts";
import { mastodon } from "./mastodon.ts";
import { facebook, instagram, threads } from "./meta-platforms.ts";
import { reddit } from "./reddit.ts";
import { telegram } from "./telegram.ts";
import { tiktok } from "./tiktok.ts";
import { x } from "./x.ts";
import { youtube } from "./youtube.ts";

export const PLATFORM_DEFS: Record<Platform, PlatformDef> = {
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
