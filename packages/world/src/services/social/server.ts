import type { Platform, SocialProfile } from "../../scenario/services-schema.ts";
import { renderAvatar } from "../avatar.ts";
import { createApp, listen } from "../http.ts";
import type { Listening } from "../http.ts";
import type { PlatformCtx, PlatformDef } from "./common.ts";
import { stripAt } from "./common.ts";
import { PLATFORM_DEFS } from "./platforms.ts";

// One HTTP server per platform. Profiles are looked up case-insensitively, as every real
// platform does; avatars are served from the same server (real ones use a CDN host).

export interface RunningPlatform extends Listening {
  platform: Platform;
  def: PlatformDef;
  /** SOCIAL_<P>_BASE_URL and, where the real API lives elsewhere, SOCIAL_<P>_API_URL. */
  env: Record<string, string>;
}

export async function startPlatform(
  platform: Platform,
  profiles: SocialProfile[],
  host: string,
  port: number,
  opts: { loginWall?: boolean } = {},
): Promise<RunningPlatform> {
  const def = PLATFORM_DEFS[platform];
  const mine = profiles.filter((p) => p.platform === platform);
  const byHandle = new Map(mine.map((p) => [p.handle.toLowerCase(), p]));
  let base = "";
  const avatarCache = new Map<string, Buffer>();
  const ctx: PlatformCtx = {
    platform,
    walled: opts.loginWall === true && def.loginWall !== undefined,
    base: () => base,
    find: (h) => byHandle.get(stripAt(decodeURIComponent(h)).toLowerCase()),
    all: () => mine,
    avatarUrl: (p) => `${base}/avatars/${encodeURIComponent(p.handle.toLowerCase())}.png`,
  };
  const app = createApp();
  app.get<{ Params: { file: string } }>("/avatars/:file", async (req, reply) => {
    const handle = req.params.file.replace(/\.png$/, "");
    const p = ctx.find(handle);
    if (!p) return reply.code(404).send("Not Found");
    let png = avatarCache.get(p.handle);
    if (!png) {
      png = renderAvatar(p.avatar, `${platform}:${p.handle}`);
      avatarCache.set(p.handle, png);
    }
    return reply.type("image/png").header("cache-control", "public, max-age=31536000").send(png);
  });
  def.register(app, ctx);
  const l = await listen(app, host, port);
  base = l.url;
  const env: Record<string, string> = { [`SOCIAL_${def.env}_BASE_URL`]: base };
  if (def.apiPath !== undefined) env[`SOCIAL_${def.env}_API_URL`] = base + def.apiPath;
  return { ...l, platform, def, env };
}
