import type { FastifyReply } from "fastify";
import type { SocialProfile } from "../../scenario/services-schema.ts";
import { escapeHtml } from "../http.ts";
import type { PlatformCtx, PlatformDef } from "./common.ts";
import {
  fmtCount,
  gate,
  jsonText,
  linksHtml,
  meta,
  numericId,
  page,
  rateWindow,
  sendHtml,
} from "./common.ts";

// Reddit: /user/<name> (and /u/<name> redirecting there) plus the JSON twin
// /user/<name>/about.json, which answers 404 {"message": "Not Found", "error": 404} for unknown
// users and 200 with `is_suspended: true` for suspended ones.
// Followed: the about.json shape `{"kind": "t2", "data": {...}}` as recorded in PRAW's
// integration cassettes (praw-dev/praw, BSD-2), serialized as reddit.com does (Python's json:
// ", " and ": " separators, non-ASCII as \uXXXX); the Data API wiki's limits (10 queries a
// minute logged out, averaged over a 10-minute window) with x-ratelimit-used / -remaining
// (a float) / -reset (seconds left in the window) on every answer.

function about(p: SocialProfile, ctx: PlatformCtx): unknown {
  const created = Math.floor(Date.parse(p.created_at) / 1000);
  return {
    kind: "t2",
    data: {
      is_employee: false,
      is_friend: false,
      id: Number(numericId(p, 10)).toString(36),
      name: p.handle,
      icon_img: ctx.avatarUrl(p),
      snoovatar_img: "",
      verified: p.verified,
      has_verified_email: true,
      is_gold: false,
      is_mod: p.kind === "official",
      is_suspended: false,
      link_karma: p.posts * 3,
      comment_karma: p.followers,
      total_karma: p.posts * 3 + p.followers,
      created: created,
      created_utc: created,
      subreddit: {
        display_name: `u_${p.handle}`,
        title: p.display_name,
        public_description: p.bio,
        icon_img: ctx.avatarUrl(p),
        url: `/user/${p.handle}/`,
        subscribers: p.followers,
        over_18: false,
      },
    },
  };
}

export const reddit: PlatformDef = {
  id: "reddit",
  env: "REDDIT",
  profilePath: (h) => `/user/${h}`,
  rateLimitBody: () => ({ message: "Too Many Requests", error: 429 }),
  register(app, ctx) {
    const window = rateWindow((authorized) => (authorized ? 1000 : 100), 600);
    app.get<{ Params: { name: string } }>("/user/:name/about.json", async (req, reply) => {
      const q = window.take(req.ip, false);
      reply
        .header("x-ratelimit-used", String(q.used))
        .header("x-ratelimit-remaining", `${Math.max(0, q.remaining)}.0`)
        .header("x-ratelimit-reset", String(q.resetInS))
        .type("application/json; charset=UTF-8");
      if (!q.allowed)
        return reply.code(429).send(jsonText({ message: "Too Many Requests", error: 429 }, "python"));
      const p = ctx.find(req.params.name);
      if (await gate(this, p, reply, "json")) return reply;
      if (!p) return reply.code(404).send(jsonText({ message: "Not Found", error: 404 }, "python"));
      if (p.state === "suspended")
        return jsonText(
          {
            kind: "t2",
            data: {
              name: p.handle,
              is_suspended: true,
              is_blocked: false,
              awardee_karma: 0,
              awarder_karma: 0,
              total_karma: 0,
            },
          },
          "python",
        );
      return jsonText(about(p, ctx), "python");
    });
    app.get<{ Params: { name: string } }>("/u/:name", async (req, reply) =>
      reply.redirect(`/user/${encodeURIComponent(req.params.name)}/`, 301),
    );
    const pageHandler = async (req: { params: { name: string } }, reply: FastifyReply) => {
      const p = ctx.find(req.params.name);
      if (await gate(this, p, reply, "html")) return reply;
      if (!p) {
        return sendHtml(
          reply,
          page(
            "reddit.com: page not found",
            `<h1>Sorry, nobody on Reddit goes by that name.</h1><p>This account may have been banned or the username is incorrect.</p>`,
          ),
          404,
        );
      }
      if (p.state === "suspended") {
        return sendHtml(reply, page(`u/${p.handle}`, `<h1>This account has been suspended</h1>`));
      }
      const head = meta({
        "og:title": `${p.handle} (u/${p.handle}) - Reddit`,
        "og:description": p.bio,
        "og:image": ctx.avatarUrl(p),
        "og:type": "profile",
      });
      const body =
        `<h1>${escapeHtml(p.display_name || p.handle)}</h1><p>u/${escapeHtml(p.handle)}</p><p>${escapeHtml(p.bio)}</p>` +
        `<span data-testid="karma-number">${fmtCount(p.posts * 3 + p.followers)}</span> karma${linksHtml(p)}`;
      return sendHtml(reply, page(`${p.handle} (u/${p.handle}) - Reddit`, body, head));
    };
    app.get<{ Params: { name: string } }>("/user/:name", pageHandler);
    app.get<{ Params: { name: string } }>("/user/:name/", pageHandler);
  },
};
