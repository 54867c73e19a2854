import type { FastifyReply } from "fastify";
import type { SocialProfile } from "../../scenario/services-schema.ts";
import { escapeHtml, hash32 } from "../http.ts";
import type { PlatformCtx, PlatformDef } from "./common.ts";
import { gate, meta, page, randomToken, sendHtml, stripAt } from "./common.ts";

// YouTube: channel pages at /@handle (404 when unknown) and the Data API v3
// `channels.list?forHandle=` under /youtube/v3 (SOCIAL_YOUTUBE_API_URL), which needs a key
// and answers an empty list (no `items`) for unknown handles.
// Followed: developers.google.com/youtube/v3/docs/channels/list; the channel page's
// `var ytInitialData = {...};` (metadata.channelMetadataRenderer; the header's
// pageHeaderViewModel with metadataRows "1.23K subscribers" • "57 videos") as yt-dlp's YouTube
// tab extractor reads it.

function channelId(p: SocialProfile): string {
  return (
    "UC" +
    randomToken(
      `yt:${p.handle.toLowerCase()}`,
      22,
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
    )
  );
}

function apiChannel(p: SocialProfile, ctx: PlatformCtx): unknown {
  const thumb = { url: ctx.avatarUrl(p), width: p.avatar.size, height: p.avatar.size };
  return {
    kind: "youtube#channel",
    etag: randomToken(`etag:${p.handle}`, 27),
    id: channelId(p),
    snippet: {
      title: p.display_name,
      description: p.bio,
      customUrl: `@${p.handle.toLowerCase()}`,
      publishedAt: p.created_at,
      thumbnails: { default: thumb, medium: thumb, high: thumb },
      localized: { title: p.display_name, description: p.bio },
    },
    statistics: {
      viewCount: String(p.followers * 31),
      subscriberCount: String(p.followers),
      hiddenSubscriberCount: false,
      videoCount: String(p.posts),
    },
  };
}

/** YouTube's three significant digits: 1,234 → "1.23K", 12,345 → "12.3K", 1,234,567 → "1.23M". */
function ytCount(n: number): string {
  if (n < 1000) return String(n);
  const [div, unit] = n < 1_000_000 ? [1000, "K"] : [1_000_000, "M"];
  const v = n / div;
  const digits = v < 10 ? 2 : v < 100 ? 1 : 0;
  return `${(Math.floor(v * 10 ** digits) / 10 ** digits).toString()}${unit}`;
}

export const youtube: PlatformDef = {
  id: "youtube",
  env: "YOUTUBE",
  apiPath: "/youtube/v3",
  profilePath: (h) => `/@${h}`,
  rateLimitBody: () => ({
    error: {
      code: 429,
      message: "Resource has been exhausted (e.g. check quota).",
      status: "RESOURCE_EXHAUSTED",
    },
  }),
  register(app, ctx) {
    app.get<{ Querystring: { forHandle?: string; key?: string } }>(
      "/youtube/v3/channels",
      async (req, reply) => {
        if (!req.query.key) {
          return reply.code(403).send({
            error: {
              code: 403,
              message:
                "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
              errors: [
                {
                  message: "Method doesn't allow unregistered callers",
                  domain: "global",
                  reason: "forbidden",
                },
              ],
              status: "PERMISSION_DENIED",
            },
          });
        }
        const p = ctx.find(stripAt(req.query.forHandle ?? ""));
        if (await gate(this, p, reply, "json")) return reply;
        const etag = String(hash32(req.url));
        if (!p || p.state === "suspended") {
          return {
            kind: "youtube#channelListResponse",
            etag,
            pageInfo: { totalResults: 0, resultsPerPage: 5 },
          };
        }
        return {
          kind: "youtube#channelListResponse",
          etag,
          pageInfo: { totalResults: 1, resultsPerPage: 5 },
          items: [apiChannel(p, ctx)],
        };
      },
    );
    const pageHandler = async (req: { params: { handle: string } }, reply: FastifyReply) => {
      const raw = req.params.handle;
      const p = raw.startsWith("@") ? ctx.find(stripAt(raw)) : undefined;
      if (await gate(this, p, reply, "html")) return reply;
      if (!p)
        return sendHtml(
          reply,
          page("404 Not Found", `<h1>404 Not Found</h1><p>This page isn't available. Sorry about that.</p>`),
          404,
        );
      if (p.state === "suspended") {
        return sendHtml(
          reply,
          page(
            "YouTube",
            `<div class="yt-alert-message">This account has been terminated for a violation of YouTube's Terms of Service.</div>`,
          ),
        );
      }
      const data = {
        metadata: {
          channelMetadataRenderer: {
            title: p.display_name,
            description: p.bio,
            externalId: channelId(p),
            vanityChannelUrl: `${ctx.base()}/@${p.handle}`,
            avatar: { thumbnails: [{ url: ctx.avatarUrl(p) }] },
            ownerUrls: p.links,
          },
        },
        header: {
          pageHeaderRenderer: {
            pageTitle: p.display_name,
            content: {
              pageHeaderViewModel: {
                title: { dynamicTextViewModel: { text: { content: p.display_name } } },
                metadata: {
                  contentMetadataViewModel: {
                    metadataRows: [
                      { metadataParts: [{ text: { content: `@${p.handle}` } }] },
                      {
                        metadataParts: [
                          { text: { content: `${ytCount(p.followers)} subscribers` } },
                          { text: { content: `${p.posts} videos` } },
                        ],
                      },
                    ],
                    delimiter: "•",
                  },
                },
              },
            },
            verified: p.verified,
          },
        },
        navigationEndpoint: { browseEndpoint: { canonicalBaseUrl: `/@${p.handle}` } },
      };
      const head =
        meta({
          "og:title": p.display_name,
          "og:description": p.bio,
          "og:image": ctx.avatarUrl(p),
          "og:url": `${ctx.base()}/channel/${channelId(p)}`,
          "og:type": "profile",
        }) + `<link rel="canonical" href="${ctx.base()}/channel/${channelId(p)}">`;
      const body = `<h1>${escapeHtml(p.display_name)}</h1><script>var ytInitialData = ${JSON.stringify(data).replace(/</g, "\\u003c")};</script>`;
      return sendHtml(reply, page(`${p.display_name} - YouTube`, body, head));
    };
    app.get<{ Params: { handle: string } }>("/:handle", pageHandler);
    app.get<{ Params: { handle: string } }>("/:handle/about", pageHandler);
  },
};
