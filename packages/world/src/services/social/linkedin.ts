import type { FastifyReply } from "fastify";
import { escapeHtml } from "../http.ts";
import type { PlatformDef } from "./common.ts";
import { fmtCount, gate, linksHtml, meta, page, scriptJson, sendHtml, walledOff } from "./common.ts";

// LinkedIn: public profiles under /in/<handle>, organisations under /company/<slug>, both
// served from the same profile list. Its anti-bot answer is the non-standard HTTP 999 with
// a script that bounces to the authwall, not a Cloudflare page.
// Followed: the public profile page's JSON-LD (`@graph` with a schema.org Person, `sameAs`
// links and a FollowAction interactionStatistic) and og: meta; "1,234 followers" in the top
// card; HTTP 999 "Request denied" as sherlock's and maigret's site data record it for
// logged-out clients (a login wall when the scenario walls LinkedIn, a WAF answer otherwise).

function denied(reply: FastifyReply): FastifyReply {
  // Fastify refuses codes above 599; Node itself writes 999 fine, so answer on the raw socket.
  const body =
    `<html><head><script type="text/javascript">window.onload = function() { var trk = "bf"; var trkInfo = "bf"; ` +
    `window.location.href = "/authwall?trk=" + trk + "&trkInfo=" + trkInfo; }</script></head></html>`;
  reply.hijack();
  reply.raw.writeHead(999, "Request denied", {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  reply.raw.end(body);
  return reply;
}

export const linkedin: PlatformDef = {
  id: "linkedin",
  env: "LINKEDIN",
  profilePath: (h) => `/in/${h}`,
  waf: denied,
  loginWall: denied,
  register(app, ctx) {
    app.get("/authwall", async (_req, reply) =>
      sendHtml(reply, page("Sign Up | LinkedIn", `<h1>Join LinkedIn</h1><form action="/signup"></form>`)),
    );
    const handler =
      (kind: "in" | "company") =>
      async (req: { params: { handle: string }; url: string }, reply: FastifyReply) => {
        if (walledOff(this, ctx, reply, req.url)) return reply;
        const p = ctx.find(req.params.handle);
        if (await gate(this, p, reply, "html")) return reply;
        if (!p || p.state === "suspended") {
          return sendHtml(
            reply,
            page(
              "Page not found | LinkedIn",
              `<h1>This page doesn’t exist</h1><p>Please check your URL or return to LinkedIn home.</p>`,
            ),
            404,
          );
        }
        const headline = p.bio.split(/[.\n]/)[0] ?? "";
        const title = `${p.display_name} - ${headline} | LinkedIn`;
        const ld =
          kind === "company"
            ? {
                "@context": "http://schema.org",
                "@type": "Organization",
                name: p.display_name,
                description: p.bio,
                logo: ctx.avatarUrl(p),
                sameAs: p.links,
                url: `${ctx.base()}/company/${p.handle}`,
              }
            : {
                "@context": "http://schema.org",
                "@graph": [
                  {
                    "@type": "Person",
                    name: p.display_name,
                    description: p.bio,
                    image: { "@type": "ImageObject", contentUrl: ctx.avatarUrl(p) },
                    sameAs: p.links,
                    url: `${ctx.base()}/in/${p.handle}`,
                    interactionStatistic: {
                      "@type": "InteractionCounter",
                      interactionType: "https://schema.org/FollowAction",
                      name: "Follows",
                      userInteractionCount: p.followers,
                    },
                  },
                  { "@type": "WebPage", url: `${ctx.base()}/in/${p.handle}` },
                ],
              };
        const head =
          meta({
            "og:title": title,
            "og:description": p.bio,
            "og:image": ctx.avatarUrl(p),
            "og:type": "profile",
            "og:url": `${ctx.base()}/${kind}/${p.handle}`,
          }) + scriptJson(ld, 'type="application/ld+json"');
        const body =
          `<h1 class="top-card-layout__title font-sans text-lg papabear:text-xl font-bold leading-open text-color-text mb-0" dir="auto">${escapeHtml(p.display_name)}</h1>` +
          `<h2 class="top-card-layout__headline break-words font-sans text-md leading-open text-color-text" dir="auto">${escapeHtml(headline)}</h2>` +
          `<p class="core-section-container__content break-words" dir="auto">${escapeHtml(p.bio)}</p>` +
          `<span class="top-card__subline-item">${fmtCount(p.followers)} followers</span>${linksHtml(p)}`;
        return sendHtml(reply, page(title, body, head));
      };
    app.get<{ Params: { handle: string } }>("/in/:handle", handler("in"));
    app.get<{ Params: { handle: string } }>("/company/:handle", handler("company"));
  },
};
