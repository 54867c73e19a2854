import { escapeHtml } from "../http.ts";
import type { PlatformDef } from "./common.ts";
import { fmtCountSpaced, gate, meta, page, sendHtml } from "./common.ts";

// Telegram (t.me): always HTTP 200. A real user/channel page has `tgme_page_title`; an
// unknown name gets the generic "Contact @name" page marked robots noindex, nofollow.
// Followed: t.me's preview page markup (`tgme_page_title` with dir="auto" spans,
// `tgme_page_extra` "12 345 subscribers" grouped with spaces, `tgme_page_description` with
// <br/> line breaks, og: meta) as sherlock's and maigret's Telegram checks read it.

export const telegram: PlatformDef = {
  id: "telegram",
  env: "TELEGRAM",
  profilePath: (h) => `/${h}`,
  register(app, ctx) {
    app.get<{ Params: { handle: string } }>("/:handle", async (req, reply) => {
      const h = req.params.handle;
      const p = ctx.find(h);
      if (await gate(this, p, reply, "html")) return reply;
      if (!p || p.state === "suspended") {
        const head = meta({ robots: "noindex, nofollow", "og:title": `Telegram: Contact @${h}` });
        const body =
          `<div class="tgme_page"><div class="tgme_page_icon"></div>` +
          `<div class="tgme_page_description">If you have <strong>Telegram</strong>, you can contact <a class="tgme_username_link" href="tg://resolve?domain=${escapeHtml(h)}">@${escapeHtml(h)}</a> right away.</div></div>`;
        return sendHtml(reply, page(`Telegram: Contact @${h}`, body, head));
      }
      const channel = p.kind === "official" || p.followers > 1000;
      const extra = channel ? `${fmtCountSpaced(p.followers, " ")} subscribers` : `@${p.handle}`;
      const head = meta({
        "og:title": p.display_name,
        "og:image": ctx.avatarUrl(p),
        "og:site_name": "Telegram",
        "og:description": p.bio,
        "twitter:title": p.display_name,
      });
      const body =
        `<div class="tgme_page"><div class="tgme_page_photo"><a href="tg://resolve?domain=${escapeHtml(p.handle)}"><img class="tgme_page_photo_image" src="${ctx.avatarUrl(p)}"></a></div>` +
        `<div class="tgme_page_title" dir="auto"><span dir="auto">${escapeHtml(p.display_name)}</span>` +
        (p.verified ? `<i class="verified-icon"></i>` : "") +
        `</div><div class="tgme_page_extra">${extra}</div>` +
        `<div class="tgme_page_description" dir="auto">${escapeHtml(p.bio).replace(/\n/g, "<br/>")}</div>` +
        `<div class="tgme_page_action"><a class="tgme_action_button_new" href="tg://resolve?domain=${escapeHtml(p.handle)}">${channel ? "View in Telegram" : "Send Message"}</a></div></div>`;
      return sendHtml(reply, page(`Telegram: Contact @${p.handle}`, body, head));
    });
  },
};
