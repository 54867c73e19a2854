import type { FastifyReply } from "fastify";
import type { SocialProfile } from "../../scenario/services-schema.ts";
import { escapeHtml } from "../http.ts";
import type { PlatformCtx, PlatformDef } from "./common.ts";
import { fmtCount, gate, jsonText, meta, numericId, page, rateWindow, sendHtml } from "./common.ts";

// GitHub serves the HTML profile at github.com/<login> and the REST API at
// api.github.com/users/<login>. Here both live on one server (the paths do not collide),
// so SOCIAL_GITHUB_API_URL equals SOCIAL_GITHUB_BASE_URL and clients keep the real path
// shapes. Suspended users are invisible on GitHub: 404 on both.
// Followed: docs.github.com/rest/users/users#get-a-user (the user object, pretty-printed as
// api.github.com sends it) and docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api
// (60 requests an hour per address logged out, 5,000 with a token; x-ratelimit-* headers on
// every answer; a spent limit is 403 with x-ratelimit-remaining: 0 and the "API rate limit
// exceeded" body); header set as in octokit/fixtures' recorded answers (MIT).

const NOT_FOUND = {
  message: "Not Found",
  documentation_url: "https://docs.github.com/rest/users/users#get-a-user",
  status: "404",
};

function apiUser(p: SocialProfile, ctx: PlatformCtx): Record<string, unknown> {
  const api = `${ctx.base()}/users/${p.handle}`;
  return {
    login: p.handle,
    id: Number(numericId(p, 8)),
    node_id: Buffer.from(`04:User${numericId(p, 8)}`).toString("base64"),
    avatar_url: ctx.avatarUrl(p),
    gravatar_id: "",
    url: api,
    html_url: `${ctx.base()}/${p.handle}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    repos_url: `${api}/repos`,
    type: p.kind === "official" ? "Organization" : "User",
    user_view_type: "public",
    site_admin: false,
    name: p.display_name || null,
    company: null,
    blog: p.links[0] ?? "",
    location: null,
    email: null,
    hireable: null,
    bio: p.bio || null,
    twitter_username: null,
    public_repos: p.posts,
    public_gists: 0,
    followers: p.followers,
    following: p.following,
    created_at: p.created_at.replace(/\.\d{3}Z$/, "Z"),
    updated_at: p.created_at.replace(/\.\d{3}Z$/, "Z"),
  };
}

const RATE_LIMIT_BODY = (ip: string) => ({
  message: `API rate limit exceeded for ${ip}. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)`,
  documentation_url: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting",
});

/** The headers api.github.com sends with every REST answer. */
function apiHeaders(reply: FastifyReply, r: ReturnType<ReturnType<typeof rateWindow>["take"]>) {
  return reply
    .header("server", "github.com")
    .header("content-type", "application/json; charset=utf-8")
    .header("cache-control", "public, max-age=60, s-maxage=60")
    .header("vary", "Accept, Accept-Encoding, Accept, X-Requested-With")
    .header("x-github-api-version-selected", "2022-11-28")
    .header("x-github-media-type", "github.v3; format=json")
    .header("x-ratelimit-limit", String(r.limit))
    .header("x-ratelimit-remaining", String(Math.max(0, r.remaining)))
    .header("x-ratelimit-reset", String(r.resetEpoch))
    .header("x-ratelimit-used", String(r.used))
    .header("x-ratelimit-resource", "core")
    .header("access-control-allow-origin", "*")
    .header("x-content-type-options", "nosniff");
}

export const github: PlatformDef = {
  id: "github",
  env: "GITHUB",
  apiPath: "",
  profilePath: (h) => `/${h}`,
  rateLimitBody: () => ({
    message:
      "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
    documentation_url: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting",
  }),
  register(app, ctx) {
    // The real API rejects requests without a User-Agent.
    const needsUa = (ua: string | undefined) => !ua;
    const core = rateWindow((authorized) => (authorized ? 5000 : 60), 3600);
    app.get<{ Params: { login: string } }>("/users/:login", async (req, reply) => {
      const auth = req.headers.authorization;
      const authorized = /^(?:Bearer|token)\s+\S+/i.test(auth ?? "");
      const quota = core.take(authorized ? auth! : req.ip, authorized);
      apiHeaders(reply, quota);
      if (!quota.allowed) return reply.code(403).send(jsonText(RATE_LIMIT_BODY(req.ip), "pretty"));
      if (needsUa(req.headers["user-agent"])) {
        return reply
          .code(403)
          .type("text/plain")
          .send(
            "Request forbidden by administrative rules. Please make sure your request has a User-Agent header.",
          );
      }
      const p = ctx.find(req.params.login);
      if (await gate(this, p, reply, "json")) return reply;
      if (!p || p.state === "suspended") return reply.code(404).send(jsonText(NOT_FOUND, "pretty"));
      return reply.header("etag", `W/"${numericId(p, 16)}"`).send(jsonText(apiUser(p, ctx), "pretty"));
    });
    app.get<{ Querystring: { q?: string; per_page?: string } }>("/search/users", async (req) => {
      const terms = (req.query.q ?? "")
        .toLowerCase()
        .split(/\s+/)
        .filter((t) => t && !t.includes(":"));
      const items = ctx
        .all()
        .filter((p) => p.state !== "suspended")
        .filter((p) => terms.some((t) => `${p.handle} ${p.display_name}`.toLowerCase().includes(t)))
        .slice(0, Number(req.query.per_page ?? 30))
        .map((p) => {
          const u = apiUser(p, ctx);
          return {
            login: u.login,
            id: u.id,
            avatar_url: u.avatar_url,
            url: u.url,
            html_url: u.html_url,
            type: u.type,
            site_admin: false,
            score: 1,
          };
        });
      return { total_count: items.length, incomplete_results: false, items };
    });
    app.get<{ Params: { login: string } }>("/:login", async (req, reply) => {
      const p = ctx.find(req.params.login);
      if (await gate(this, p, reply, "html")) return reply;
      if (!p || p.state === "suspended") {
        return sendHtml(
          reply,
          page("Page not found · GitHub", `<h1>404</h1><p>This is not the web page you are looking for.</p>`),
          404,
        );
      }
      const title = p.display_name ? `${p.handle} (${p.display_name}) · GitHub` : `${p.handle} · GitHub`;
      const head = meta({
        "og:title": `${p.handle} - Overview`,
        "og:description":
          p.bio || `${p.handle} has ${p.posts} repositories available. Follow their code on GitHub.`,
        "og:image": ctx.avatarUrl(p),
        "og:url": `${ctx.base()}/${p.handle}`,
        "og:type": "profile",
        "profile:username": p.handle,
      });
      const body =
        `<div class="vcard-names-container"><img class="avatar avatar-user" src="${ctx.avatarUrl(p)}" alt="">` +
        `<h1 class="vcard-names"><span class="p-name vcard-fullname" itemprop="name">${escapeHtml(p.display_name)}</span>` +
        `<span class="p-nickname vcard-username" itemprop="additionalName">${escapeHtml(p.handle)}</span></h1></div>` +
        `<div class="p-note user-profile-bio" data-bio-text="${escapeHtml(p.bio)}">${escapeHtml(p.bio)}</div>` +
        p.links
          .map(
            (l) => `<a rel="nofollow me" class="Link--primary" href="${escapeHtml(l)}">${escapeHtml(l)}</a>`,
          )
          .join("") +
        `<a href="/${p.handle}?tab=followers"><span class="text-bold">${fmtCount(p.followers)}</span> followers</a>` +
        (p.verified ? `<span class="Label">Verified</span>` : "");
      return sendHtml(reply, page(title, body, head));
    });
  },
};
