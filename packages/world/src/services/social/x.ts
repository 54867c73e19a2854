import type { SocialProfile } from "../../scenario/services-schema.ts";
import { escapeHtml } from "../http.ts";
import type { PlatformDef } from "./common.ts";
import { fmtCount, gate, linksHtml, meta, numericId, page, scriptJson, sendHtml } from "./common.ts";

// X (Twitter). Pages are soft: a missing or suspended account is still HTTP 200 with a
// marker ("This account doesn’t exist" / "Account suspended"), as x.com serves them. The
// API side offers the availability endpoint WhatsMyName uses and API v2 user lookup, which
// answers 200 with an `errors` array for unknown users.

function joined(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

function profileJsonLd(p: SocialProfile, base: string, avatar: string): unknown {
  return {
    "@context": "http://schema.org",
    "@type": "ProfilePage",
    dateCreated: p.created_at,
    mainEntity: {
      "@type": "Person",
      additionalName: p.handle,
      description: p.bio,
      givenName: p.display_name,
      identifier: numericId(p, 18),
      image: { "@type": "ImageObject", contentUrl: avatar },
      interactionStatistic: [
        {
          "@type": "InteractionCounter",
          interactionType: "https://schema.org/FollowAction",
          name: "Follows",
          userInteractionCount: p.followers,
        },
        {
          "@type": "InteractionCounter",
          interactionType: "https://schema.org/SubscribeAction",
          name: "Friends",
          userInteractionCount: p.following,
        },
        {
          "@type": "InteractionCounter",
          interactionType: "https://schema.org/WriteAction",
          name: "Tweets",
          userInteractionCount: p.posts,
        },
      ],
      url: `${base}/${p.handle}`,
    },
    relatedLink: p.links,
  };
}

function v2User(p: SocialProfile, avatar: string): unknown {
  return {
    id: numericId(p, 18),
    name: p.display_name,
    username: p.handle,
    created_at: p.created_at,
    description: p.bio,
    profile_image_url: avatar,
    verified: p.verified,
    verified_type: p.verified ? (p.kind === "official" ? "business" : "blue") : "none",
    url: p.links[0] ?? "",
    protected: false,
    public_metrics: {
      followers_count: p.followers,
      following_count: p.following,
      tweet_count: p.posts,
      listed_count: 0,
    },
  };
}

export const x: PlatformDef = {
  id: "x",
  env: "X",
  apiPath: "",
  profilePath: (h) => `/${h}`,
  rateLimitBody: () => ({ errors: [{ code: 88, message: "Rate limit exceeded" }] }),
  register(app, ctx) {
    app.get<{ Querystring: { username?: string } }>(
      "/i/users/username_available.json",
      async (req, reply) => {
        const p = ctx.find(req.query.username ?? "");
        if (await gate(this, p, reply, "json")) return reply;
        if (p) {
          return {
            valid: false,
            reason: "taken",
            msg: "Username has already been taken",
            desc: "That username has been taken. Please choose another.",
          };
        }
        return { valid: true, reason: "available", msg: "Available!", desc: "Available!" };
      },
    );

    app.get<{ Params: { username: string } }>("/2/users/by/username/:username", async (req, reply) => {
      if (!/^Bearer\s+\S+/i.test(req.headers.authorization ?? "")) {
        return reply
          .code(401)
          .send({ title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });
      }
      const h = req.params.username;
      const p = ctx.find(h);
      if (await gate(this, p, reply, "json")) return reply;
      if (!p || p.state === "suspended") {
        const detail = p ? `User has been suspended: [${h}].` : `Could not find user with username: [${h}].`;
        const title = p ? "Forbidden" : "Not Found Error";
        return {
          errors: [
            {
              value: h,
              detail,
              title,
              resource_type: "user",
              parameter: "username",
              resource_id: h,
              type: "https://api.twitter.com/2/problems/resource-not-found",
            },
          ],
        };
      }
      return { data: v2User(p, ctx.avatarUrl(p)) };
    });

    app.get<{ Params: { handle: string } }>("/:handle", async (req, reply) => {
      const h = req.params.handle;
      const p = ctx.find(h);
      if (await gate(this, p, reply, "html")) return reply;
      if (!p) {
        return sendHtml(
          reply,
          page(
            `Profile / X`,
            `<div data-testid="emptyState"><span>This account doesn’t exist</span><span>Try searching for another.</span></div>`,
          ),
        );
      }
      if (p.state === "suspended") {
        return sendHtml(
          reply,
          page(
            `Profile / X`,
            `<div data-testid="emptyState"><span>Account suspended</span><span>X suspends accounts which violate the <a href="https://help.x.com/rules-and-policies/x-rules">X Rules</a></span></div>`,
          ),
        );
      }
      const avatar = ctx.avatarUrl(p);
      const head =
        meta({
          "og:title": `${p.display_name} (@${p.handle}) on X`,
          "og:description": p.bio,
          "og:image": avatar,
          "og:url": `${ctx.base()}/${p.handle}`,
          "og:type": "profile",
          "twitter:site": "@X",
        }) +
        scriptJson(
          profileJsonLd(p, ctx.base(), avatar),
          'type="application/ld+json" data-testid="UserProfileSchema-test"',
        );
      const body =
        `<div data-testid="UserName"><span>${escapeHtml(p.display_name)}</span>` +
        (p.verified ? `<svg aria-label="Verified account" data-testid="icon-verified"></svg>` : "") +
        `<span>@${escapeHtml(p.handle)}</span></div>` +
        `<img alt="" src="${avatar}">` +
        `<div data-testid="UserDescription">${escapeHtml(p.bio)}</div>` +
        `<div data-testid="UserUrl">${linksHtml(p)}</div>` +
        `<span data-testid="UserJoinDate">Joined ${joined(p.created_at)}</span>` +
        `<a href="/${p.handle}/following"><span>${fmtCount(p.following)}</span> Following</a>` +
        `<a href="/${p.handle}/verified_followers"><span>${fmtCount(p.followers)}</span> Followers</a>`;
      return sendHtml(reply, page(`${p.display_name} (@${p.handle}) / X`, body, head));
    });
  },
};
