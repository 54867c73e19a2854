import type { SocialProfile } from "../../scenario/services-schema.ts";
import { escapeHtml } from "../http.ts";
import type { PlatformCtx, PlatformDef } from "./common.ts";
import { gate, linksHtml, meta, numericId, page, rateWindow, sendHtml } from "./common.ts";

// One Mastodon instance: /@<name> pages (404 unknown, 410 suspended), the anonymous
// /api/v1/accounts/lookup, /api/v2/search (accounts) and WebFinger. The instance domain is
// the server's own host:port, so acct URIs resolve back to it; any domain is accepted.
// Followed: docs.joinmastodon.org/entities/Account (fields with `verified_at`, the rel="me"
// link verification; `note` as HTML) and /methods/accounts#lookup; docs.joinmastodon.org/api/
// rate-limits (300 requests per 5 minutes per address; X-RateLimit-Limit / -Remaining / -Reset,
// the reset an ISO 8601 time); serialization compact as Rails sends it (Mastodon.py's cassettes).

function instance(ctx: PlatformCtx): string {
  return new URL(ctx.base()).host;
}

function acctName(acct: string): string {
  return (
    acct
      .replace(/^acct:/, "")
      .replace(/^@/, "")
      .split("@")[0] ?? ""
  );
}

function account(p: SocialProfile, ctx: PlatformCtx): Record<string, unknown> {
  const url = `${ctx.base()}/@${p.handle}`;
  const created = `${p.created_at.slice(0, 10)}T00:00:00.000Z`;
  const base = {
    id: numericId(p, 18),
    username: p.handle,
    acct: p.handle,
    url,
    uri: `${ctx.base()}/users/${p.handle}`,
    created_at: created,
  };
  if (p.state === "suspended") {
    return {
      ...base,
      display_name: "",
      locked: false,
      bot: false,
      group: false,
      note: "",
      avatar: `${ctx.base()}/avatars/original/missing.png`,
      avatar_static: `${ctx.base()}/avatars/original/missing.png`,
      followers_count: 0,
      following_count: 0,
      statuses_count: 0,
      emojis: [],
      fields: [],
      suspended: true,
    };
  }
  return {
    ...base,
    display_name: p.display_name,
    locked: false,
    bot: false,
    discoverable: true,
    indexable: true,
    group: false,
    note: `<p>${escapeHtml(p.bio)}</p>`,
    avatar: ctx.avatarUrl(p),
    avatar_static: ctx.avatarUrl(p),
    header: `${ctx.base()}/headers/original/missing.png`,
    header_static: `${ctx.base()}/headers/original/missing.png`,
    followers_count: p.followers,
    following_count: p.following,
    statuses_count: p.posts,
    last_status_at: p.created_at.slice(0, 10),
    emojis: [],
    // verified_at is Mastodon's rel=me link verification: set for verified profiles.
    fields: p.links.map((l, i) => ({
      name: i === 0 ? "Website" : `Link ${i + 1}`,
      value: `<a href="${escapeHtml(l)}" rel="nofollow noopener me" target="_blank">${escapeHtml(l.replace(/^https?:\/\//, ""))}</a>`,
      verified_at: p.verified ? p.created_at : null,
    })),
  };
}

export const mastodon: PlatformDef = {
  id: "mastodon",
  env: "MASTODON",
  profilePath: (h) => `/@${h}`,
  rateLimitBody: () => ({ error: "Too many requests" }),
  register(app, ctx) {
    const window = rateWindow(() => 300, 300);
    app.get<{ Querystring: { acct?: string } }>("/api/v1/accounts/lookup", async (req, reply) => {
      const q = window.take(req.ip, false);
      reply
        .header("x-ratelimit-limit", String(q.limit))
        .header("x-ratelimit-remaining", String(Math.max(0, q.remaining)))
        .header("x-ratelimit-reset", new Date(q.resetEpoch * 1000).toISOString());
      if (!q.allowed) return reply.code(429).send({ error: "Too many requests" });
      const p = ctx.find(acctName(req.query.acct ?? ""));
      if (await gate(this, p, reply, "json")) return reply;
      if (!p) return reply.code(404).send({ error: "Record not found" });
      return account(p, ctx);
    });
    app.get<{ Querystring: { q?: string; type?: string; limit?: string } }>("/api/v2/search", async (req) => {
      const q = acctName(req.query.q ?? "").toLowerCase();
      const accounts =
        !q || (req.query.type && req.query.type !== "accounts")
          ? []
          : ctx
              .all()
              .filter((p) => p.state !== "suspended")
              .filter((p) => `${p.handle} ${p.display_name}`.toLowerCase().includes(q))
              .slice(0, Number(req.query.limit ?? 20))
              .map((p) => account(p, ctx));
      return { accounts, statuses: [], hashtags: [] };
    });
    app.get<{ Querystring: { resource?: string } }>("/.well-known/webfinger", async (req, reply) => {
      const resource = req.query.resource ?? "";
      if (!resource) return reply.code(400).send("");
      const p = ctx.find(acctName(resource));
      if (await gate(this, p, reply, "json")) return reply;
      if (!p || p.state === "suspended") return reply.code(404).send("");
      return reply.type("application/jrd+json; charset=utf-8").send({
        subject: `acct:${p.handle}@${instance(ctx)}`,
        aliases: [`${ctx.base()}/@${p.handle}`, `${ctx.base()}/users/${p.handle}`],
        links: [
          {
            rel: "http://webfinger.net/rel/profile-page",
            type: "text/html",
            href: `${ctx.base()}/@${p.handle}`,
          },
          { rel: "self", type: "application/activity+json", href: `${ctx.base()}/users/${p.handle}` },
          { rel: "http://webfinger.net/rel/avatar", type: "image/png", href: ctx.avatarUrl(p) },
        ],
      });
    });
    app.get<{ Params: { handle: string } }>("/:handle", async (req, reply) => {
      const raw = req.params.handle;
      if (!raw.startsWith("@")) return reply.code(404).send("Not Found");
      const p = ctx.find(acctName(raw));
      if (await gate(this, p, reply, "html")) return reply;
      if (!p)
        return sendHtml(
          reply,
          page(
            "The page you are looking for isn't here.",
            `<h1>The page you are looking for isn't here.</h1>`,
          ),
          404,
        );
      if (p.state === "suspended")
        return sendHtml(
          reply,
          page("This resource has been removed", `<h1>This account has been suspended.</h1>`),
          410,
        );
      const title = `${p.display_name} (@${p.handle}@${instance(ctx)}) - Mastodon`;
      const head =
        meta({
          "og:title": `${p.display_name} (@${p.handle}@${instance(ctx)})`,
          "og:description": p.bio,
          "og:image": ctx.avatarUrl(p),
          "og:type": "profile",
          "profile:username": `${p.handle}@${instance(ctx)}`,
        }) + p.links.map((l) => `<link href="${escapeHtml(l)}" rel="me">`).join("");
      const body = `<h1>${escapeHtml(p.display_name)}</h1><p>@${escapeHtml(p.handle)}@${instance(ctx)}</p><div class="account__header__content">${escapeHtml(p.bio)}</div>${linksHtml(p)}`;
      return sendHtml(reply, page(title, body, head));
    });
  },
};
