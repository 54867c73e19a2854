import type { TSocialPlatform } from "@brandwarden/contract/brand";
import { handleFromUrl } from "./catalogue/index.ts";
import type { PlatformBases } from "./social-config.ts";
import type { SocialHttp } from "./social-http.ts";

// Search-based discovery: ask a SearXNG-compatible JSON API (and Brave Search when its key is
// set) for the brand, then keep only results whose URL is a profile on a catalogued platform.
// Search engines see accounts permutations never guess ("acmebank.support.center").

interface SearchHit {
  platform: TSocialPlatform;
  handle: string;
  url: string;
  title: string;
  engine: string;
}

export interface SearchOptions {
  http: SocialHttp;
  bases: PlatformBases;
  searchUrl: string | null;
  brave: { key: string; url: string } | null;
  queries: string[];
  /** Pages per query (10 results each). */
  maxPages?: number;
  signal?: AbortSignal;
}

export interface SearchOutcome {
  hits: SearchHit[];
  requests: number;
  errors: string[];
}

interface RawResult {
  url?: unknown;
  title?: unknown;
  engine?: unknown;
}

/** Brand-centred queries: the names alone and with the words impersonators use. */
export function searchQueries(brandNames: readonly string[], keywords: readonly string[] = []): string[] {
  const names = [...new Set(brandNames.map((n) => n.trim()).filter(Boolean))];
  const out = names.flatMap((n) => [n, `${n} support`, `${n} official`]);
  for (const k of keywords.slice(0, 3)) out.push(k);
  return [...new Set(out)];
}

export async function discoverBySearch(opts: SearchOptions): Promise<SearchOutcome> {
  const hits = new Map<string, SearchHit>();
  const errors: string[] = [];
  let requests = 0;
  const maxPages = opts.maxPages ?? 5;
  const take = (results: RawResult[], engineDefault: string) => {
    let fresh = 0;
    for (const r of results) {
      if (typeof r.url !== "string") continue;
      const ref = handleFromUrl(r.url, opts.bases);
      if (!ref) continue;
      const key = `${ref.platform}:${ref.handle}`;
      if (hits.has(key)) continue;
      fresh++;
      hits.set(key, {
        ...ref,
        url: r.url,
        title: typeof r.title === "string" ? r.title.slice(0, 300) : "",
        engine: typeof r.engine === "string" ? r.engine : engineDefault,
      });
    }
    return fresh;
  };
  const get = async (url: string, headers: Record<string, string> = {}) => {
    requests++;
    const res = await opts.http.request(url, {
      headers: { accept: "application/json", ...headers },
      signal: opts.signal,
    });
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    return JSON.parse(res.body.toString("utf8")) as Record<string, unknown>;
  };

  for (const q of opts.queries) {
    if (opts.signal?.aborted) break;
    if (opts.searchUrl) {
      for (let page = 1; page <= maxPages; page++) {
        try {
          const u = new URL(`${opts.searchUrl}/search`);
          u.search = new URLSearchParams({ q, format: "json", pageno: String(page) }).toString();
          const json = await get(u.toString());
          const results = Array.isArray(json.results) ? (json.results as RawResult[]) : [];
          take(results, "searxng");
          if (results.length < 10) break;
        } catch (err) {
          errors.push(`searxng "${q}" p${page}: ${(err as Error).message}`);
          break;
        }
      }
    }
    if (opts.brave) {
      try {
        const u = new URL(opts.brave.url);
        u.search = new URLSearchParams({ q, count: "20" }).toString();
        const json = await get(u.toString(), { "x-subscription-token": opts.brave.key });
        const web = json.web as { results?: RawResult[] } | undefined;
        take(web?.results ?? [], "brave");
      } catch (err) {
        errors.push(`brave "${q}": ${(err as Error).message}`);
      }
    }
  }
  return { hits: [...hits.values()], requests, errors };
}
