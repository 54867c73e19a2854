import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Content negotiation between the UI's pages and the JSON routes that share their paths
 * (`/account`, `/admin/settings`, `/dashboard/status`, ...): a browser navigation, a reload, a
 * bookmark or a link opened in a new tab asks for `text/html` first and gets the single-page UI,
 * which then fetches the JSON with `Accept: application/json`. Scripts asking for JSON (or
 * anything, `*\/*`) keep getting JSON.
 */

/**
 * GET paths answered with a file, a stream or JSON meant as such (PDF, image, SSE, export, the
 * signed webhook snapshot link), never the UI.
 */
const NOT_PAGES: RegExp[] = [
  /^\/v1\//,
  /^\/webhooks\//,
  /^\/media\//,
  /^\/reports\//,
  /^\/takedowns\/cases\/[^/]+\/evidence$/,
  /^\/scans\/[^/]+\/events$/,
  /^\/dashboard\/findings\/export$/,
  /^\/healthz$/,
  /^\/metrics$/,
  /^\/assets\//,
  /^\/docs(\/|$)/,
];

/** Quality the Accept header gives a media type (exact, `type/*` or `*\/*`; the most specific range wins). */
export function acceptQuality(accept: string, type: string): number {
  const [major] = type.split("/");
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === "*/*" ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    best = { specificity, q: Number.isFinite(q) ? q : 0 };
  }
  return best.q;
}

/** True for a browser navigation to a UI path: GET, HTML ranked above JSON, not a file or stream route. */
export function wantsUiPage(req: Pick<FastifyRequest, "method" | "url" | "headers">): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = req.url.split("?")[0] ?? "/";
  if (NOT_PAGES.some((re) => re.test(path)) || /\.[a-z0-9]+$/i.test(path)) return false;
  const accept = req.headers.accept ?? "";
  return acceptQuality(accept, "text/html") > acceptQuality(accept, "application/json");
}

/** Answers browser navigations with the UI's index.html before any JSON route runs. */
export function installPageNegotiation(app: FastifyInstance): void {
  app.addHook("onRequest", async (req, reply) => {
    reply.header("vary", "Accept");
    if (!wantsUiPage(req)) return;
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
}
