import type { SocialProfile } from "../../scenario/services-schema.ts";
import { escapeHtml } from "../http.ts";
import type { PlatformDef } from "./common.ts";
import { fmtCountShort, gate, meta, numericId, page, scriptJson, sendHtml, walledOff } from "./common.ts";

// X (Twitter). Pages are soft: a missing or suspended account is still HTTP 200 with a
// marker ("This account doesn’t exist" / "Account suspended"), as x.com serves them. The
// API side offers the availability endpoint WhatsMyName uses and API v2 user lookup, which
// answers 200 with an `errors` array for unknown users.
// Followed: the server-rendered profile x.com gives crawlers (JSON-LD ProfilePage with a
// schema.org Person, `data-testid` markup with dir="auto" spans, counts abbreviated "12.3K");
// the JavaScript shell it gives other logged-out clients (react-root, a noscript notice and
// scripts, no profile data); developer.x.com API v2 GET /2/users/by/username/:username.

/** x.com's logged-out shell: nothing but the app's scripts. */
const SHELL =
  `<!DOCTYPE html><html dir="ltr" lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,user-scalable=0,viewport-fit=cover">` +
  `<link rel="preconnect" href="//abs.twimg.com"><link rel="manifest" href="/manifest.json" crossorigin="use-credentials"><title>X</title></head>` +
  `<body style="background-color: #FFFFFF;"><noscript><form action="/?mx=1" method="POST"><div><h1>JavaScript is not available.</h1>` +
  `<p>We’ve detected that JavaScript is disabled in this browser. Please enable JavaScript or switch to a supported browser to continue using x.com. You can see a list of supported browsers in our Help Center.</p></div></form></noscript>` +
  `<div id="react-root" style="height:100%;display:flex;"><div class="css-175oi2r r-13awgt0 r-12vffkv"></div></div>` +
  `<script type="text/javascript" charset="utf-8" nonce="x">window.__SCRIPTS_LOADED__ = {};</script>` +
  `<script type="text/javascript" charset="utf-8" src="https://abs.twimg.com/responsive-web/client-web/main.js" nonce="x"></script></body></html>`;

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
  loginWall: (reply) => sendHtml(reply, SHELL),
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
      if (walledOff(this, ctx, reply, req.url)) return reply;
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
        `<div data-testid="UserName"><div dir="ltr" class="css-146c3p1"><span class="css-1jxf684">${escapeHtml(p.display_name)}</span></div>` +
        (p.verified
          ? `<svg viewBox="0 0 22 22" aria-label="Verified account" role="img" data-testid="icon-verified"></svg>`
          : "") +
        `<div dir="ltr"><span class="css-1jxf684">@${escapeHtml(p.handle)}</span></div></div>` +
        `<img alt="" draggable="true" src="${avatar}">` +
        `<div dir="auto" data-testid="UserDescription"><span class="css-1jxf684">${escapeHtml(p.bio)}</span></div>` +
        `<div data-testid="UserProfileHeader_Items">` +
        (p.links[0]
          ? `<a href="${escapeHtml(p.links[0])}" data-testid="UserUrl" dir="ltr" rel="noopener noreferrer nofollow" target="_blank"><span>${escapeHtml(p.links[0].replace(/^https?:\/\//, ""))}</span></a>`
          : "") +
        `<span data-testid="UserJoinDate"><span>Joined ${joined(p.created_at)}</span></span></div>` +
        `<a href="/${p.handle}/following" dir="ltr" role="link"><span class="css-1jxf684">${fmtCountShort(p.following)}</span> <span>Following</span></a>` +
        `<a href="/${p.handle}/verified_followers" dir="ltr" role="link"><span class="css-1jxf684">${fmtCountShort(p.followers)}</span> <span>Followers</span></a>`;
      return sendHtml(reply, page(`${p.display_name} (@${p.handle}) / X`, body, head));
    });
  },
};
