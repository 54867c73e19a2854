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
  /**
   * The platform acts on an account: `suspended` (each platform's own answer for a suspended
   * account, see its module) or `deleted` (answered as a handle that never existed); `restore`
   * brings the account back as it was. Throws for a handle the platform does not have.
   */
  setAccount(handle: string, change: "suspended" | "deleted" | "restore"): SocialProfile | null;
}

export async function startPlatform(
  platform: Platform,
  profiles: SocialProfile[],
  host: string,
  port: number,
  opts: { loginWall?: boolean } = {},
): Promise<RunningPlatform> {
  const def = PLATFORM_DEFS[platform];
  const original = new Map(
    profiles.filter((p) => p.platform === platform).map((p) => [p.handle.toLowerCase(), p]),
  );
  // The accounts as the platform serves them now (setAccount changes them).
  const byHandle = new Map(original);
  let base = "";
  const avatarCache = new Map<string, Buffer>();
  const ctx: PlatformCtx = {
    platform,
    walled: opts.loginWall === true && def.loginWall !== undefined,
    base: () => base,
    find: (h) => byHandle.get(stripAt(decodeURIComponent(h)).toLowerCase()),
    all: () => [...byHandle.values()],
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
  const setAccount = (handle: string, change: "suspended" | "deleted" | "restore") => {
    const key = stripAt(handle).toLowerCase();
    const p = original.get(key);
    if (!p) throw new Error(`${platform} has no account ${handle}`);
    if (change === "deleted") byHandle.delete(key);
    else byHandle.set(key, change === "restore" ? p : { ...p, state: "suspended" });
    return byHandle.get(key) ?? null;
  };
  return { ...l, platform, def, env, setAccount };
}
