import type { SocialProfile } from "../../scenario/services-schema.ts";
import { escapeHtml } from "../http.ts";
import type { PlatformDef, PlatformCtx } from "./common.ts";
import { fmtCountShort, gate, meta, numericId, page, scriptJson, sendHtml, stripAt } from "./common.ts";

// TikTok: the page is always HTTP 200; the rehydration JSON carries `statusCode` 0 for a
// found user and 10221 for an unknown one. The light probe is the official oEmbed
// endpoint, which answers 400 for unknown authors.
// Followed: the `__UNIVERSAL_DATA_FOR_REHYDRATION__` script (`__DEFAULT_SCOPE__` →
// `webapp.user-detail` → `userInfo.user` / `stats`) as maigret's TikTok check and yt-dlp's
// TikTok user extractor read it; og:description "… | 12.3K Followers. bio"; developers.tiktok.com
// oEmbed for the light probe.

function userDetail(p: SocialProfile, ctx: PlatformCtx): unknown {
  return {
    statusCode: 0,
    statusMsg: "",
    userInfo: {
      user: {
        id: numericId(p, 19),
        uniqueId: p.handle,
        nickname: p.display_name,
        avatarLarger: ctx.avatarUrl(p),
        avatarThumb: ctx.avatarUrl(p),
        signature: p.bio,
        verified: p.verified,
        createTime: Math.floor(Date.parse(p.created_at) / 1000),
        bioLink: p.links[0] ? { link: p.links[0], risk: 0 } : undefined,
        privateAccount: false,
      },
      stats: {
        followerCount: p.followers,
        followingCount: p.following,
        heartCount: p.followers * 7,
        videoCount: p.posts,
      },
    },
  };
}

export const tiktok: PlatformDef = {
  id: "tiktok",
  env: "TIKTOK",
  profilePath: (h) => `/@${h}`,
  register(app, ctx) {
    app.get<{ Querystring: { url?: string } }>("/oembed", async (req, reply) => {
      const m = /\/@([^/?#]+)/.exec(req.query.url ?? "");
      const p = m ? ctx.find(m[1]!) : undefined;
      if (await gate(this, p, reply, "json")) return reply;
      if (!p || p.state === "suspended") {
        return reply
          .code(400)
          .send({ code: 400, message: "Something went wrong", status_msg: "Something went wrong" });
      }
      const authorUrl = `${ctx.base()}/@${p.handle}`;
      return {
        version: "1.0",
        type: "rich",
        title: p.display_name,
        author_url: authorUrl,
        author_name: p.display_name,
        author_unique_id: p.handle,
        width: "100%",
        height: "100%",
        html: `<blockquote class="tiktok-embed" cite="${authorUrl}" data-unique-id="${escapeHtml(p.handle)}" data-embed-type="creator"><section><a target="_blank" href="${authorUrl}">@${escapeHtml(p.handle)}</a></section></blockquote>`,
        thumbnail_url: ctx.avatarUrl(p),
        thumbnail_width: p.avatar.size,
        thumbnail_height: p.avatar.size,
        provider_name: "TikTok",
        provider_url: "https://www.tiktok.com",
      };
    });
    app.get<{ Params: { handle: string } }>("/:handle", async (req, reply) => {
      const raw = req.params.handle;
      if (!raw.startsWith("@")) return reply.code(404).send("Not Found");
      const p = ctx.find(stripAt(raw));
      if (await gate(this, p, reply, "html")) return reply;
      if (!p || p.state === "suspended") {
        const detail = { statusCode: 10221, statusMsg: p ? "user banned" : "", userInfo: {} };
        return sendHtml(
          reply,
          page(
            "TikTok - Make Your Day",
            `<p>Couldn't find this account</p><p>Looking for videos? Try browsing our trending creators, hashtags, and sounds.</p>` +
              scriptJson(
                { __DEFAULT_SCOPE__: { "webapp.user-detail": detail } },
                'id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json"',
              ),
          ),
        );
      }
      const head = meta({
        "og:title": `${p.display_name} (@${p.handle}) on TikTok`,
        "og:description": `${p.display_name} (@${p.handle}) on TikTok | ${fmtCountShort(p.followers)} Followers. ${p.bio}`,
        "og:image": ctx.avatarUrl(p),
        "og:url": `${ctx.base()}/@${p.handle}`,
        "og:type": "profile",
      });
      const body =
        `<h1 data-e2e="user-title">${escapeHtml(p.handle)}</h1><h2 data-e2e="user-subtitle">${escapeHtml(p.display_name)}</h2>` +
        `<h2 data-e2e="user-bio" dir="auto">${escapeHtml(p.bio)}</h2><strong data-e2e="followers-count" title="Followers">${fmtCountShort(p.followers)}</strong>` +
        scriptJson(
          { __DEFAULT_SCOPE__: { "webapp.user-detail": userDetail(p, ctx) } },
          'id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json"',
        );
      return sendHtml(reply, page(`${p.display_name} (@${p.handle}) | TikTok`, body, head));
    });
  },
};
