import type { TSocialPlatform } from "@brandwarden/contract/brand";
import { handleFromUrl } from "./catalogue/index.ts";
import type { PlatformBases } from "./social-config.ts";
import type { SocialHttp } from "./social-http.ts";

// Search-based discovery: ask a SearXNG-compatible JSON API (and Brave Search when its key is
// set) for the brand, then keep only results whose URL is a profile on a catalogued platform.
// Search engines see accounts permutations never guess ("acmebank.support.center").
//
// Both services are read as they really answer (see packages/world/src/services/search.ts):
// SearXNG's limiter answers 429 without Retry-After and keeps refusing the address, a format not
// enabled answers 403, and engines that were blocked are named in `unresponsive_engines` with their
// results missing; Brave's free plan allows 1 request a second and a monthly quota, announced in
// X-RateLimit-Remaining/-Reset ("<per second>, <per month>"), and a 429 says which one ran out.
// So: a refusal that will last stops that service for the rest of the run, a per-second window is
// waited out (Reset seconds), and a degraded answer is reported instead of read as "no results".

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
  /** Waits out a rate-limit window (tests pass one that does not wait). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
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

/** Longest per-second window worth waiting for; a longer Reset means the plan's quota is spent. */
const MAX_WAIT_MS = 10_000;

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

/** "1, 1419200" -> [1, 1419200] (Brave's per-second and per-month values); [] when absent. */
function pair(value: string | undefined): number[] {
  return (value ?? "")
    .split(",")
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isFinite(n));
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  json: Record<string, unknown> | null;
}

export async function discoverBySearch(opts: SearchOptions): Promise<SearchOutcome> {
  const hits = new Map<string, SearchHit>();
  const errors: string[] = [];
  let requests = 0;
  const maxPages = opts.maxPages ?? 5;
  const sleep = opts.sleep ?? defaultSleep;
  /** Why a service is not asked again in this run, once it refused for good. */
  const stopped: { searxng?: string; brave?: string } = {};
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
  const get = async (url: string, headers: Record<string, string> = {}): Promise<Answer> => {
    requests++;
    const res = await opts.http.request(url, {
      headers: { accept: "application/json", ...headers },
      signal: opts.signal,
    });
    let json: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(res.body.toString("utf8"));
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        json = parsed as Record<string, unknown>;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json };
  };

  const searxngPage = async (q: string, page: number): Promise<RawResult[] | null> => {
    const u = new URL(`${opts.searchUrl}/search`);
    u.search = new URLSearchParams({ q, format: "json", pageno: String(page) }).toString();
    const a = await get(u.toString());
    if (a.status === 429) {
      stopped.searxng = "rate limited by the instance's limiter (429); no more SearXNG requests this run";
      return null;
    }
    if (a.status === 403) {
      stopped.searxng = `the instance does not serve format=json (403): enable json under search.formats in its settings.yml`;
      return null;
    }
    if (a.status !== 200 || !a.json)
      throw new Error(a.status !== 200 ? `status ${a.status}` : "answer is not JSON");
    const results = Array.isArray(a.json.results) ? (a.json.results as RawResult[]) : [];
    const down = Array.isArray(a.json.unresponsive_engines)
      ? (a.json.unresponsive_engines as unknown[]).flatMap((e) =>
          Array.isArray(e) && typeof e[0] === "string" ? [`${e[0]} (${String(e[1] ?? "error")})`] : [],
        )
      : [];
    if (down.length > 0) errors.push(`searxng "${q}" p${page}: engines unresponsive: ${down.join(", ")}`);
    return results;
  };

  const braveSearch = async (q: string, brave: { key: string; url: string }): Promise<RawResult[] | null> => {
    const u = new URL(brave.url);
    u.search = new URLSearchParams({ q, count: "20" }).toString();
    for (let attempt = 0; ; attempt++) {
      const a = await get(u.toString(), { "x-subscription-token": brave.key });
      const [, monthLeft] = pair(a.headers["x-ratelimit-remaining"]);
      const [secondReset = 1] = pair(a.headers["x-ratelimit-reset"]);
      if (a.status === 200) {
        const [secondLeft] = pair(a.headers["x-ratelimit-remaining"]);
        // Pace the next call: the per-second window is used up.
        if (secondLeft === 0) await sleep(Math.min(secondReset * 1000, MAX_WAIT_MS), opts.signal);
        const web = a.json?.web as { results?: RawResult[] } | undefined;
        return web?.results ?? [];
      }
      const error = (a.json?.error ?? {}) as { code?: unknown; detail?: unknown };
      if (a.status === 429 && monthLeft !== 0 && attempt === 0 && secondReset * 1000 <= MAX_WAIT_MS) {
        await sleep(secondReset * 1000, opts.signal);
        continue;
      }
      if (a.status === 429 || a.status === 401 || a.status === 403 || a.status === 422) {
        const why = typeof error.code === "string" ? error.code : `status ${a.status}`;
        stopped.brave =
          a.status === 429 && monthLeft === 0
            ? `monthly quota spent (${why}); no more Brave requests this run`
            : `refused (${why}${typeof error.detail === "string" ? `: ${error.detail}` : ""}); no more Brave requests this run`;
        return null;
      }
      throw new Error(`status ${a.status}`);
    }
  };

  for (const q of opts.queries) {
    if (opts.signal?.aborted) break;
    if (opts.searchUrl && !stopped.searxng) {
      for (let page = 1; page <= maxPages; page++) {
        try {
          const results = await searxngPage(q, page);
          if (!results) {
            errors.push(`searxng: ${stopped.searxng}`);
            break;
          }
          take(results, "searxng");
          if (results.length < 10) break;
        } catch (err) {
          errors.push(`searxng "${q}" p${page}: ${(err as Error).message}`);
          break;
        }
      }
    }
    if (opts.brave && !stopped.brave) {
      try {
        const results = await braveSearch(q, opts.brave);
        if (results) take(results, "brave");
        else errors.push(`brave: ${stopped.brave}`);
      } catch (err) {
        errors.push(`brave "${q}": ${(err as Error).message}`);
      }
    }
  }
  return { hits: [...hits.values()], requests, errors };
}
