import type { FastifyReply } from "fastify";
import { escapeHtml } from "../http.ts";
import type { PlatformDef } from "./common.ts";
import { fmtCount, gate, linksHtml, meta, page, scriptJson, sendHtml } from "./common.ts";

// LinkedIn: public profiles under /in/<handle>, organisations under /company/<slug>, both
// served from the same profile list. Its anti-bot answer is the non-standard HTTP 999 with
// a script that bounces to the authwall, not a Cloudflare page.

export const linkedin: PlatformDef = {
  id: "linkedin",
  env: "LINKEDIN",
  profilePath: (h) => `/in/${h}`,
  waf(reply: FastifyReply) {
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
  },
  register(app, ctx) {
    app.get("/authwall", async (_req, reply) =>
      sendHtml(reply, page("Sign Up | LinkedIn", `<h1>Join LinkedIn</h1><form action="/signup"></form>`)),
    );
    const handler =
      (kind: "in" | "company") => async (req: { params: { handle: string } }, reply: FastifyReply) => {
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
                "@type": "Person",
                name: p.display_name,
                description: p.bio,
                image: ctx.avatarUrl(p),
                sameAs: p.links,
                url: `${ctx.base()}/in/${p.handle}`,
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
          `<h1 class="top-card-layout__title">${escapeHtml(p.display_name)}</h1><h2 class="top-card-layout__headline">${escapeHtml(headline)}</h2>` +
          `<p class="core-section-container__content">${escapeHtml(p.bio)}</p><span>${fmtCount(p.followers)} followers</span>${linksHtml(p)}`;
        return sendHtml(reply, page(title, body, head));
      };
    app.get<{ Params: { handle: string } }>("/in/:handle", handler("in"));
    app.get<{ Params: { handle: string } }>("/company/:handle", handler("company"));
  },
};
