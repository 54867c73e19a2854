import type { SocialProfile } from "../../scenario/services-schema.ts";
import { escapeHtml } from "../http.ts";
import type { PlatformDef } from "./common.ts";
import {
  fmtCount,
  fmtCountShort,
  gate,
  jsonText,
  linksHtml,
  loginRedirect,
  meta,
  numericId,
  page,
  scriptJson,
  sendHtml,
  stripAt,
  walledOff,
} from "./common.ts";

// Meta's three: Instagram, Facebook, Threads. All three are soft-404 platforms: an unknown
// or removed account is HTTP 200 with a "isn't available" page (Threads redirects to login).
// Followed: Instagram's web API `api/v1/users/web_profile_info` as instaloader and maigret read
// it (`data.user` with `edge_followed_by.count`, `bio_links`, `external_url`), serialized as
// Meta's servers do (`\/` in URLs, non-ASCII as \uXXXX); og:description "12.3K Followers, 10
// Following, 5 Posts - See Instagram photos and videos from Name (@handle)"; the logged-out wall
// is a 302 to /accounts/login/ (instaloader's "Redirected to login page"), Facebook's to /login/.

const IG_MISSING = page(
  "Instagram",
  `<h2>Sorry, this page isn't available.</h2><p>The link you followed may be broken, or the page may have been removed. <a href="/">Go back to Instagram.</a></p>` +
    scriptJson({ require: [["PolarisRoute", { routePath: null }]], routePath: null }),
);

function igUser(p: SocialProfile, avatar: string): unknown {
  return {
    id: numericId(p, 11),
    username: p.handle,
    full_name: p.display_name,
    biography: p.bio,
    bio_links: p.links.map((url) => ({ title: "", lynx_url: url, url, link_type: "external" })),
    external_url: p.links[0] ?? null,
    edge_followed_by: { count: p.followers },
    edge_follow: { count: p.following },
    edge_owner_to_timeline_media: { count: p.posts, edges: [] },
    is_verified: p.verified,
    is_private: false,
    is_business_account: p.kind === "official",
    profile_pic_url: avatar,
    profile_pic_url_hd: avatar,
  };
}

export const instagram: PlatformDef = {
  id: "instagram",
  env: "INSTAGRAM",
  profilePath: (h) => `/${h}/`,
  rateLimitBody: () => ({
    message: "Please wait a few minutes before you try again.",
    require_login: true,
    status: "fail",
  }),
  loginWall: (reply, path) => loginRedirect(reply, "/accounts/login/", path),
  register(app, ctx) {
    app.get<{ Querystring: { username?: string } }>("/api/v1/users/web_profile_info/", async (req, reply) => {
      if (walledOff(this, ctx, reply, req.url)) return reply;
      // The web API refuses callers that do not present the web app's id.
      if (!req.headers["x-ig-app-id"])
        return reply.code(400).send({ message: "useragent mismatch", status: "fail" });
      const p = ctx.find(req.query.username ?? "");
      if (await gate(this, p, reply, "json")) return reply;
      reply.type("application/json; charset=utf-8");
      if (!p || p.state === "suspended")
        return reply.code(404).send(jsonText({ data: { user: null }, status: "ok" }, "escaped"));
      return jsonText({ data: { user: igUser(p, ctx.avatarUrl(p)) }, status: "ok" }, "escaped");
    });
    app.get<{ Params: { handle: string } }>("/:handle", async (req, reply) =>
      reply.redirect(`/${encodeURIComponent(req.params.handle)}/`, 301),
    );
    app.get<{ Params: { handle: string } }>("/:handle/", async (req, reply) => {
      if (walledOff(this, ctx, reply, req.url)) return reply;
      const p = ctx.find(req.params.handle);
      if (await gate(this, p, reply, "html")) return reply;
      if (!p || p.state === "suspended") return sendHtml(reply, IG_MISSING);
      const desc = `${fmtCountShort(p.followers)} Followers, ${fmtCountShort(p.following)} Following, ${fmtCountShort(p.posts)} Posts - See Instagram photos and videos from ${p.display_name} (@${p.handle})`;
      const head =
        meta({
          "og:type": "profile",
          "og:title": `${p.display_name} (@${p.handle}) • Instagram photos and videos`,
          "og:description": desc,
          "og:image": ctx.avatarUrl(p),
          "og:url": `${ctx.base()}/${p.handle}/`,
          description: desc,
        }) + scriptJson({ routePath: "/{username}/{?tab}/", user: igUser(p, ctx.avatarUrl(p)) });
      const body =
        `<header><img alt="${escapeHtml(p.handle)}'s profile picture" src="${ctx.avatarUrl(p)}"><h2>${escapeHtml(p.handle)}</h2>` +
        (p.verified ? `<span title="Verified">Verified</span>` : "") +
        `<span dir="auto">${escapeHtml(p.display_name)}</span><h1 dir="auto">${escapeHtml(p.bio)}</h1>${linksHtml(p)}</header>`;
      return sendHtml(
        reply,
        page(`${p.display_name} (@${p.handle}) • Instagram photos and videos`, body, head),
      );
    });
  },
};

export const facebook: PlatformDef = {
  id: "facebook",
  env: "FACEBOOK",
  profilePath: (h) => `/${h}`,
  loginWall: (reply, path) => loginRedirect(reply, "/login/", path),
  register(app, ctx) {
    app.get<{ Params: { handle: string } }>("/:handle", async (req, reply) => {
      if (walledOff(this, ctx, reply, req.url)) return reply;
      const p = ctx.find(req.params.handle);
      if (await gate(this, p, reply, "html")) return reply;
      if (!p || p.state === "suspended") {
        return sendHtml(
          reply,
          page(
            "Facebook",
            `<h2>This content isn't available right now</h2><p>When this happens, it's usually because the owner only shared it with a small group of people, changed who can see it or it's been deleted.</p>`,
          ),
        );
      }
      const head =
        meta({
          "og:title": p.display_name,
          "og:description": `${p.display_name}. ${fmtCount(p.followers)} likes. ${p.bio}`,
          "og:image": ctx.avatarUrl(p),
          "og:url": `${ctx.base()}/${p.handle}`,
          "og:type": "profile",
        }) +
        scriptJson({
          __isProfile: p.kind === "official" ? "Page" : "User",
          id: numericId(p, 15),
          name: p.display_name,
          userVanity: p.handle,
          is_verified: p.verified,
          profile_social_context: { content: [{ text: { text: `${fmtCount(p.followers)} followers` } }] },
          profile_intro_card: { bio: { text: p.bio }, links: p.links },
        });
      const body = `<h1 dir="auto">${escapeHtml(p.display_name)}</h1><img src="${ctx.avatarUrl(p)}" alt=""><div dir="auto">${escapeHtml(p.bio)}</div>${linksHtml(p)}`;
      return sendHtml(reply, page(`${p.display_name} | Facebook`, body, head));
    });
  },
};

export const threads: PlatformDef = {
  id: "threads",
  env: "THREADS",
  profilePath: (h) => `/@${h}`,
  loginWall: (reply, path) => loginRedirect(reply, "/login", path),
  register(app, ctx) {
    app.get("/login", async (_req, reply) =>
      sendHtml(reply, page("Threads • Log in", `<h1>Log in with your Instagram account</h1>`)),
    );
    app.get<{ Params: { handle: string } }>("/:handle", async (req, reply) => {
      const raw = req.params.handle;
      if (!raw.startsWith("@")) return reply.code(404).send("Not Found");
      if (walledOff(this, ctx, reply, req.url)) return reply;
      const h = stripAt(raw);
      const p = ctx.find(h);
      if (await gate(this, p, reply, "html")) return reply;
      // Unknown profiles bounce to the login wall, as threads.com does for logged-out visitors.
      if (!p || p.state === "suspended")
        return reply.redirect(`/login?next=${encodeURIComponent(`/@${h}`)}`, 302);
      const head =
        meta({
          "og:type": "profile",
          "og:title": `${p.display_name} (@${p.handle}) • Threads, Say more`,
          "og:description": `${fmtCount(p.followers)} Followers • ${fmtCount(p.posts)} Threads • ${p.bio}`,
          "og:image": ctx.avatarUrl(p),
          "og:url": `${ctx.base()}/@${p.handle}`,
        }) +
        scriptJson({
          user: {
            pk: numericId(p, 11),
            username: p.handle,
            full_name: p.display_name,
            biography: p.bio,
            is_verified: p.verified,
            follower_count: p.followers,
            profile_pic_url: ctx.avatarUrl(p),
            bio_links: p.links.map((url) => ({ url })),
          },
        });
      const body = `<h1>${escapeHtml(p.display_name)}</h1><h2>${escapeHtml(p.handle)}</h2><p>${escapeHtml(p.bio)}</p>${linksHtml(p)}`;
      return sendHtml(reply, page(`${p.display_name} (@${p.handle}) • Threads, Say more`, body, head));
    });
  },
};
