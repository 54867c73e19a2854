import type { FastifyReply } from "fastify";
import type { SearchResult } from "../scenario/services-schema.ts";
import { createApp, escapeHtml, listen } from "./http.ts";
import type { Listening } from "./http.ts";

// A SearXNG instance: GET|POST /search with q, format=json, pageno. Results come from the
// scenario; a result is returned when one of its `match` terms occurs in the query, or (with
// no match terms) when a query word occurs in its url/title/content. SearXNG returns 403
// for formats that are not enabled; only json and html are here.

const PAGE_SIZE = 10;

function matches(r: SearchResult, q: string): boolean {
  const query = q.toLowerCase();
  if (r.match.length > 0) return r.match.some((m) => query.includes(m.toLowerCase()));
  const hay = `${r.url} ${r.title} ${r.content}`.toLowerCase();
  return query
    .split(/[^\p{L}\p{N}.-]+/u)
    .filter((w) => w.length >= 3)
    .some((w) => hay.includes(w));
}

function searchResults(all: SearchResult[], q: string, pageno: number) {
  const hits = all.filter((r) => matches(r, q));
  const pageHits = hits.slice((pageno - 1) * PAGE_SIZE, pageno * PAGE_SIZE);
  return {
    query: q,
    number_of_results: hits.length,
    results: pageHits.map((r, i) => {
      const u = new URL(r.url);
      return {
        url: r.url,
        title: r.title,
        content: r.content,
        engine: r.engine,
        engines: [r.engine],
        parsed_url: [u.protocol.replace(":", ""), u.host, u.pathname, "", u.search.replace(/^\?/, ""), ""],
        template: "default.html",
        positions: [(pageno - 1) * PAGE_SIZE + i + 1],
        score: 1 / ((pageno - 1) * PAGE_SIZE + i + 1),
        category: "general",
      };
    }),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
  };
}

export async function startSearch(results: SearchResult[], host: string, port: number): Promise<Listening> {
  const app = createApp();
  const handle = async (params: { q?: string; format?: string; pageno?: string }, reply: FastifyReply) => {
    const q = (params.q ?? "").trim();
    const pageno = Math.max(1, Number(params.pageno ?? 1) || 1);
    const format = params.format ?? "html";
    if (format !== "json" && format !== "html")
      return reply.code(403).type("text/html").send("<h1>403 Forbidden</h1>");
    if (!q)
      return reply.code(400).send(format === "json" ? { error: "search query is empty" } : "Bad Request");
    const data = searchResults(results, q, pageno);
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
    version: "2024.1.1",
    engines: [{ name: "duckduckgo", enabled: true }],
  }));
  return listen(app, host, port);
}
