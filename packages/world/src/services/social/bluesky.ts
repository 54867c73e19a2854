import type { SocialProfile } from "../../scenario/services-schema.ts";
import { escapeHtml } from "../http.ts";
import type { PlatformCtx, PlatformDef } from "./common.ts";
import { gate, meta, page, randomToken, rateWindow, sendHtml } from "./common.ts";

// Bluesky: the public AppView XRPC methods app.bsky.actor.getProfile and
// app.bsky.actor.searchActors (what public.api.bsky.app serves, no auth) plus bsky.app-style
// /profile/<handle> pages. Handles are domain names; an actor may also be named by its DID.
// Followed: the lexicons app.bsky.actor.getProfile / app.bsky.actor.defs#profileViewDetailed
// (bluesky-social/atproto) and docs.bsky.app/docs/advanced-guides/rate-limits (3,000 requests
// per 5 minutes per address; IETF `ratelimit-*` headers, reset in epoch seconds).

function blueskyDid(handle: string): string {
  return `did:plc:${randomToken(`did:${handle.toLowerCase()}`, 24)}`;
}

function profileView(p: SocialProfile, ctx: PlatformCtx, detailed: boolean): Record<string, unknown> {
  const did = blueskyDid(p.handle);
  const view: Record<string, unknown> = {
    did,
    handle: p.handle,
    displayName: p.display_name,
    description: p.bio,
    avatar: ctx.avatarUrl(p),
    associated: { lists: 0, feedgens: 0, starterPacks: 0, labeler: false },
    labels: [],
    createdAt: p.created_at,
    indexedAt: p.created_at,
    verification: p.verified
      ? {
          verifications: [
            {
              issuer: "did:plc:z72i7hdynmk6r22z27h6tvur",
              uri: `at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.graph.verification/${randomToken(did, 13)}`,
              isValid: true,
              createdAt: p.created_at,
            },
          ],
          verifiedStatus: "valid",
          trustedVerifierStatus: "none",
        }
      : { verifications: [], verifiedStatus: "none", trustedVerifierStatus: "none" },
  };
  if (detailed) {
    Object.assign(view, {
      banner: undefined,
      followersCount: p.followers,
      followsCount: p.following,
      postsCount: p.posts,
    });
  }
  return view;
}

export const bluesky: PlatformDef = {
  id: "bluesky",
  env: "BLUESKY",
  apiPath: "",
  profilePath: (h) => `/profile/${h}`,
  rateLimitBody: () => ({ error: "RateLimitExceeded", message: "Rate Limit Exceeded" }),
  register(app, ctx) {
    const find = (actor: string) =>
      ctx.find(actor) ??
      (actor.startsWith("did:") ? ctx.all().find((p) => blueskyDid(p.handle) === actor) : undefined);

    const window = rateWindow(() => 3000, 300);
    app.get<{ Querystring: { actor?: string } }>("/xrpc/app.bsky.actor.getProfile", async (req, reply) => {
      const q = window.take(req.ip, false);
      reply
        .header("ratelimit-limit", String(q.limit))
        .header("ratelimit-remaining", String(Math.max(0, q.remaining)))
        .header("ratelimit-reset", String(q.resetEpoch))
        .header("ratelimit-policy", `${q.limit};w=300`);
      if (!q.allowed)
        return reply.code(429).send({ error: "RateLimitExceeded", message: "Rate Limit Exceeded" });
      const actor = req.query.actor;
      if (!actor)
        return reply
          .code(400)
          .send({ error: "InvalidRequest", message: 'Error: Params must have the property "actor"' });
      const p = find(actor);
      if (await gate(this, p, reply, "json")) return reply;
      if (!p) return reply.code(400).send({ error: "InvalidRequest", message: "Profile not found" });
      if (p.state === "suspended")
        return reply.code(400).send({ error: "AccountTakedown", message: "Account has been suspended" });
      return profileView(p, ctx, true);
    });
    app.get<{ Querystring: { q?: string; term?: string; limit?: string; cursor?: string } }>(
      "/xrpc/app.bsky.actor.searchActors",
      async (req) => {
        const terms = (req.query.q ?? req.query.term ?? "").toLowerCase().split(/\s+/).filter(Boolean);
        const limit = Math.min(100, Math.max(1, Number(req.query.limit ?? 25)));
        const offset = Number(req.query.cursor ?? 0) || 0;
        const hits = ctx
          .all()
          .filter((p) => p.state !== "suspended")
          .filter(
            (p) =>
              terms.length > 0 &&
              terms.every((t) => `${p.handle} ${p.display_name} ${p.bio}`.toLowerCase().includes(t)),
          );
        const actors = hits.slice(offset, offset + limit).map((p) => profileView(p, ctx, false));
        return offset + limit < hits.length ? { cursor: String(offset + limit), actors } : { actors };
      },
    );
    app.get<{ Params: { handle: string } }>("/profile/:handle", async (req, reply) => {
      const p = find(req.params.handle);
      if (await gate(this, p, reply, "html")) return reply;
      // bsky.app is a single-page app: unknown profiles still get the 200 shell without profile meta.
      if (!p || p.state === "suspended")
        return sendHtml(
          reply,
          page(
            "Bluesky",
            `<div id="root"></div><noscript>This is a heavily interactive web application, and JavaScript is required.</noscript>`,
          ),
        );
      const head =
        meta({
          "og:title": `${p.display_name} (@${p.handle})`,
          "og:description": p.bio,
          "og:image": ctx.avatarUrl(p),
          "og:type": "profile",
          "og:url": `${ctx.base()}/profile/${p.handle}`,
        }) + `<link rel="alternate" href="at://${blueskyDid(p.handle)}/app.bsky.actor.profile/self">`;
      const body = `<div id="root"><h1>${escapeHtml(p.display_name)}</h1><p id="bsky_handle">${escapeHtml(p.handle)}</p><p id="bsky_did">${blueskyDid(p.handle)}</p><p>${escapeHtml(p.bio)}</p></div>`;
      return sendHtml(reply, page(`${p.display_name} (@${p.handle}) — Bluesky`, body, head));
    });
  },
};
