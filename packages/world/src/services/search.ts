import { randomUUID } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { SearchResult } from "../scenario/services-schema.ts";
import { createApp, escapeHtml, listen } from "./http.ts";
import type { Listening } from "./http.ts";

// The two search APIs the product's search discovery speaks, on one server.
//
// SearXNG (GET|POST /search with q, format=json, pageno), as searx/webapp.py and
// searx/webutils.py of github.com/searxng/searxng (commit 9fea412, 2026-08) answer:
// - JSON {query, results, answers, corrections, infoboxes, suggestions, unresponsive_engines},
//   each result with url, title, content, engine, engines, parsed_url, template, positions,
//   score, category; `unresponsive_engines` is a sorted list of [engine, reason] pairs;
// - a format not enabled in settings.yml: flask.abort(403), Werkzeug's HTML page;
// - no query: 400 with {"error": "No query"} (JSON) ;
// - the bot limiter (searx/botdetection): 429 "Too Many Requests", no Retry-After;
// - an engine that is blocked (CAPTCHA, too many requests) yields 200 with its results missing
//   and the engine named in unresponsive_engines.
// Results come from the scenario: a result is returned when one of its `match` terms occurs in
// the query, or (with no match terms) when a query word occurs in its url/title/content.
//
// Brave Search API (GET /res/v1/web/search with q, count <= 20, offset; X-Subscription-Token),
// as documented at api-dashboard.search.brave.com/app/documentation/web-search (responses, response
// headers, rate limiting): {type: "search", query: {original}, mixed, web: {type, results: [{title,
// url, description, type: "search_result", meta_url: {scheme, netloc, hostname, path}, ...}]}};
// every answer carries X-RateLimit-Limit/-Policy/-Remaining/-Reset for the per-second and the
// monthly window ("1, 2000"); past a limit the answer is 429 with an ErrorResponse whose shape is
// the one a user captured in egoist/chatwise-releases#1296 (apps/worker/samples/search); a missing
// or unknown token is 422 SUBSCRIPTION_TOKEN_INVALID.

const PAGE_SIZE = 10;

interface SearchFaults {
  /** SearXNG's limiter refuses every request (429). */
  searxng_limited?: boolean;
  /** An instance whose settings.yml leaves json out of search.formats (most public ones). */
  searxng_json_disabled?: boolean;
  /** SearXNG engines that answer with a CAPTCHA: their results are missing, they are named. */
  searxng_captcha?: string[];
  /** Brave plan limits: requests per second (window of 1 s) and per month (Free: 1 and 2000). */
  brave_per_second?: number;
  brave_per_month?: number;
}

export interface RunningSearch extends Listening {
  /** The Brave endpoint (BRAVE_SEARCH_URL) and the token it accepts (BRAVE_SEARCH_API_KEY). */
  brave: { url: string; key: string };
  setFaults(f: SearchFaults): void;
}

function matches(r: SearchResult, q: string): boolean {
  const query = q.toLowerCase();
  if (r.match.length > 0) return r.match.some((m) => query.includes(m.toLowerCase()));
  const hay = `${r.url} ${r.title} ${r.content}`.toLowerCase();
  return query
    .split(/[^\p{L}\p{N}.-]+/u)
    .filter((w) => w.length >= 3)
    .some((w) => hay.includes(w));
}

function searxngJson(all: SearchResult[], q: string, pageno: number, captcha: readonly string[]) {
  const blocked = new Set(captcha);
  const hits = all.filter((r) => matches(r, q) && !blocked.has(r.engine));
  const pageHits = hits.slice((pageno - 1) * PAGE_SIZE, pageno * PAGE_SIZE);
  return {
    query: q,
    results: pageHits.map((r, i) => {
      const u = new URL(r.url);
      const position = (pageno - 1) * PAGE_SIZE + i + 1;
      return {
        url: r.url,
        title: r.title,
        content: r.content,
        thumbnail: "",
        engine: r.engine,
        template: "default.html",
        parsed_url: [u.protocol.replace(":", ""), u.host, u.pathname, "", u.search.replace(/^\?/, ""), ""],
        img_src: "",
        priority: "",
        engines: [r.engine],
        positions: [position],
        score: 1 / position,
        category: "general",
        publishedDate: null,
      };
    }),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [...blocked].sort().map((e) => [e, "CAPTCHA"]),
  };
}

const WERKZEUG_403 =
  "<!doctype html>\n<html lang=en>\n<title>403 Forbidden</title>\n<h1>Forbidden</h1>\n<p>You don&#39;t have the permission to access the requested resource. It is either read-protected or not readable by the server.</p>\n";

function braveJson(all: SearchResult[], q: string, count: number, offset: number) {
  const hits = all.filter((r) => matches(r, q)).slice(offset * count, offset * count + count);
  return {
    type: "search",
    query: { original: q, show_strict_warning: false, is_navigational: false, spellcheck_off: true },
    mixed: {
      type: "mixed",
      main: hits.map((_, index) => ({ type: "web", index, all: false })),
      top: [],
      side: [],
    },
    web: {
      type: "search",
      results: hits.map((r) => {
        const u = new URL(r.url);
        return {
          title: r.title,
          url: r.url,
          is_source_local: false,
          is_source_both: false,
          description: r.content,
          profile: { name: u.hostname, url: r.url, long_name: u.hostname, img: "" },
          language: "en",
          family_friendly: true,
          type: "search_result",
          subtype: "generic",
          meta_url: {
            scheme: u.protocol.replace(":", ""),
            netloc: u.host,
            hostname: u.hostname,
            favicon: "",
            path: u.pathname,
          },
        };
      }),
      family_friendly: true,
    },
  };
}

export async function startSearch(
  results: SearchResult[],
  host: string,
  port: number,
  /** The clock of Brave's rate-limit windows (ms since the epoch); tests pass their own. */
  opts: { now?: () => number } = {},
): Promise<RunningSearch> {
  const clock = opts.now ?? Date.now;
  const app = createApp();
  const braveKey = `world-${randomUUID()}`;
  let faults: SearchFaults = {};
  const brave = { second: 0, inSecond: 0, month: 0 };

  const handle = async (params: { q?: string; format?: string; pageno?: string }, reply: FastifyReply) => {
    if (faults.searxng_limited)
      return reply.code(429).type("text/html; charset=utf-8").send("Too Many Requests");
    const q = (params.q ?? "").trim();
    const pageno = Math.max(1, Number(params.pageno ?? 1) || 1);
    const format = params.format ?? "html";
    if ((format !== "json" && format !== "html") || (format === "json" && faults.searxng_json_disabled))
      return reply.code(403).type("text/html; charset=utf-8").send(WERKZEUG_403);
    if (!q)
      return format === "json"
        ? reply.code(400).send({ error: "No query" })
        : reply.type("text/html").send("");
    const data = searxngJson(results, q, pageno, faults.searxng_captcha ?? []);
    if (format === "json") return data;
    const items = data.results
      .map(
        (r) =>
          `<article class="result"><h3><a href="${escapeHtml(r.url)}">${escapeHtml(r.title)}</a></h3><p class="content">${escapeHtml(r.content)}</p></article>`,
      )
      .join("");
    return reply
      .type("text/html; charset=utf-8")
      .send(
        `<!DOCTYPE html><html><head><title>${escapeHtml(q)} - SearXNG</title></head><body>${items}</body></html>`,
      );
  };
  app.get<{ Querystring: { q?: string; format?: string; pageno?: string } }>("/search", (req, reply) =>
    handle(req.query, reply),
  );
  app.post<{ Body: unknown }>("/search", (req, reply) => {
    const body =
      typeof req.body === "string"
        ? Object.fromEntries(new URLSearchParams(req.body))
        : ((req.body ?? {}) as Record<string, string>);
    return handle({ ...(req.query as Record<string, string>), ...body }, reply);
  });
  app.get("/config", async () => ({
    instance_name: "SearXNG",
    version: "2026.8.22+9fea412",
    engines: [{ name: "duckduckgo", enabled: true }],
  }));

  app.get<{ Querystring: { q?: string; count?: string; offset?: string } }>(
    "/res/v1/web/search",
    async (req, reply) => {
      const errorBody = (status: number, code: string, detail: string, meta: object) => ({
        type: "ErrorResponse",
        error: { id: randomUUID(), status, code, detail, meta },
        time: Math.floor(clock() / 1000),
      });
      if (req.headers["x-subscription-token"] !== braveKey)
        return reply.code(422).send(
          errorBody(422, "SUBSCRIPTION_TOKEN_INVALID", "The provided subscription token is invalid.", {
            component: "authentication",
          }),
        );
      const perSecond = faults.brave_per_second ?? 1;
      const perMonth = faults.brave_per_month ?? 2000;
      const now = Math.floor(clock() / 1000);
      if (now !== brave.second) [brave.second, brave.inSecond] = [now, 0];
      const limited = brave.inSecond >= perSecond || brave.month >= perMonth;
      if (!limited) [brave.inSecond, brave.month] = [brave.inSecond + 1, brave.month + 1];
      const monthReset = 2_592_000 - (now % 2_592_000);
      reply.header("x-ratelimit-limit", `${perSecond}, ${perMonth}`);
      reply.header("x-ratelimit-policy", `${perSecond};w=1, ${perMonth};w=2592000`);
      reply.header(
        "x-ratelimit-remaining",
        `${Math.max(0, perSecond - brave.inSecond)}, ${Math.max(0, perMonth - brave.month)}`,
      );
      reply.header("x-ratelimit-reset", `1, ${monthReset}`);
      if (limited)
        return reply.code(429).send(
          errorBody(429, "RATE_LIMITED", "Request rate limit exceeded for plan", {
            plan: "Free",
            rate_limit: perSecond,
            rate_current: brave.inSecond,
            quota_limit: perMonth,
            quota_current: brave.month,
            org_rate_limit: null,
            org_rate_current: 0,
            component: "rate_limiter",
          }),
        );
      const q = (req.query.q ?? "").trim();
      const count = Math.min(20, Math.max(1, Number(req.query.count ?? 20) || 20));
      const offset = Math.min(9, Math.max(0, Number(req.query.offset ?? 0) || 0));
      return braveJson(results, q, count, offset);
    },
  );

  app.post("/__control/faults", async (req) => {
    faults = {
      ...((typeof req.body === "string" ? JSON.parse(req.body || "{}") : req.body) as SearchFaults),
    };
    return faults;
  });

  const l = await listen(app, host, port);
  return {
    ...l,
    brave: { url: `${l.url}/res/v1/web/search`, key: braveKey },
    // New limits start a new plan period: the counters start again.
    setFaults: (f) => void ((faults = { ...f }), Object.assign(brave, { second: 0, inSecond: 0, month: 0 })),
  };
}
