import { DomUtils, parseDocument } from "htmlparser2";
import { attr, elementText, readPage, selectAll, walk, type ProbePage } from "./page.ts";
import type { ExtractSpec, FieldRule } from "./types.ts";

// Reads profile fields out of a parsed probe answer with the catalogue's rules. A rule is
// `source|transform`, several tried in order. Sources:
//   <path>               a `/`-separated path into the parsed JSON (`*` maps over an array)
//   ld:<path>            the first JSON-LD object of the page that has the path
//   meta:<name>          a <meta> tag's content (og:title, og:description, ...)
//   css:<selector>       the text of the matching elements (`css:<selector>@attr`: an attribute)
//   itemprop:<name>      microdata: the content/href/src or text of [itemprop=name]
//   text:<regex>         group 1 of a regex over the page's visible text
// Transforms: count[:<word>], epoch, html, bool, some, eq:<value>, urls, hrefs, before:<text>,
// domainhandle.
// Nothing here throws: a field that cannot be read is null.

export interface ExtractedProfile {
  display_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  followers: number | null;
  verified: boolean | null;
  account_created: string | null;
  links: string[];
  /** Links the platform verified as the owner's (Mastodon `verified_at`, a Bluesky domain handle). */
  verified_links: string[];
}

const SUFFIX: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  tsd: 1e3,
  тыс: 1e3,
  mil: 1e3,
  m: 1e6,
  mn: 1e6,
  mio: 1e6,
  million: 1e6,
  millions: 1e6,
  млн: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  млрд: 1e9,
};

// A number as pages write it: grouped thousands (comma, dot, apostrophe or any space, including
// no-break and thin spaces) or a plain/decimal number, then an optional word ("K", "Mio", "followers").
const NUMBER = /(\d{1,3}(?:[,.'’ ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?!\d)\s*([\p{L}]+)?/u;

/**
 * A follower count as written on real pages: "12,345", "12 345", "12 345" (thin space), "1.234"
 * (dot grouping), "1.2K", "1,2 k", "3.4M", "12 345 followers". Null when there is no number.
 */
export function parseCount(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
  if (typeof v !== "string") return null;
  const m = NUMBER.exec(v.normalize("NFKC").replace(/[\u00a0\u2009\u202f]/g, " "));
  if (!m) return null;
  const raw = m[1]!.replace(/['’ ]/g, "");
  const mult = SUFFIX[(m[2] ?? "").toLowerCase()] ?? 1;
  const seps = raw.replace(/\d/g, "");
  let n: number;
  if (seps === "") n = Number(raw);
  else if (mult === 1 && /^\d{1,3}(?:([,.])\d{3})(?:\1\d{3})*$/.test(raw))
    n = Number(raw.replace(/[,.]/g, ""));
  else {
    // The last separator is the decimal point ("1,2 k", "1,234.5", "1.234,5"); the others group.
    const i = Math.max(raw.lastIndexOf(","), raw.lastIndexOf("."));
    n = Number(`${raw.slice(0, i).replace(/[,.]/g, "")}.${raw.slice(i + 1)}`);
  }
  return Number.isFinite(n) ? Math.round(n * mult) : null;
}

function toUrls(v: unknown): string[] {
  const out: string[] = [];
  const add = (x: unknown) => {
    if (typeof x === "string" && /^https?:\/\//i.test(x.trim())) out.push(x.trim());
    else if (Array.isArray(x)) x.forEach(add);
    else if (x && typeof x === "object") {
      const o = x as Record<string, unknown>;
      add(o.url ?? o.lynx_url ?? o.href ?? o.link ?? o.expanded_url);
    }
  };
  add(v);
  return out;
}

/** Text of an HTML fragment (Mastodon's `note`): <br> and paragraphs become line breaks. */
function htmlText(s: string): string {
  const doc = parseDocument(s.replace(/<br\s*\/?>/gi, "\n").replace(/<\/p>\s*<p>/gi, "\n"), {
    decodeEntities: true,
  });
  return DomUtils.textContent(doc)
    .replace(/[ \t]+/g, " ")
    .trim();
}

function hrefs(v: unknown): string[] {
  const html = Array.isArray(v) ? v.filter((x) => typeof x === "string").join(" ") : String(v);
  const doc = parseDocument(html, { decodeEntities: true });
  return DomUtils.getElementsByTagName("a", doc)
    .map((a) => attr(a, "href"))
    .filter((h): h is string => !!h && /^https?:\/\//i.test(h));
}

function applyTransform(v: unknown, transform: string | undefined): unknown {
  if (v === undefined || v === null) return transform === "bool" ? null : v;
  const [name, arg] = transform ? splitOnce(transform, ":") : [undefined, undefined];
  switch (name) {
    case undefined:
      return v;
    case "count": {
      // `count:<word>`: the first of several strings that mentions the word ("1.2M subscribers").
      const all = Array.isArray(v) ? v.flat(3) : [v];
      const pick = arg ? all.find((x) => typeof x === "string" && x.toLowerCase().includes(arg)) : all[0];
      return parseCount(pick);
    }
    case "epoch": {
      const n = typeof v === "number" ? v : Number(v);
      return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : null;
    }
    case "html":
      return typeof v === "string" ? htmlText(v) : null;
    case "bool":
      return v === true || v === "true" || (typeof v === "string" && v.length > 0 && v !== "false");
    case "some":
      return Array.isArray(v) ? v.some((x) => x !== null && x !== undefined && x !== "") : Boolean(v);
    case "eq":
      return String(v) === arg;
    case "urls":
      return toUrls(v);
    case "hrefs":
      return hrefs(v);
    case "domainhandle": {
      // A Bluesky handle outside bsky.social is a domain its owner proved by DNS or /.well-known.
      const h = String(v).toLowerCase();
      return /^[a-z0-9.-]+\.[a-z]{2,}$/.test(h) && !h.endsWith(".bsky.social") ? [`https://${h}/`] : [];
    }
    case "before": {
      // "Name (@handle) • Instagram" → "Name": the text before a separator.
      const s = String(v);
      const i = s.indexOf(arg ?? "");
      return i > 0 ? s.slice(0, i).trim() : s;
    }
    default:
      return v;
  }
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

function firstLd(page: ProbePage, path: string[]): unknown {
  for (const o of page.ld) {
    const v = walk(o, path);
    if (v !== undefined && v !== null && v !== "") return v;
  }
  return undefined;
}

function microdata(page: ProbePage, name: string): unknown {
  const el = selectAll(page, `[itemprop=${name}]`)[0];
  if (!el) return undefined;
  return attr(el, "content") ?? attr(el, "href") ?? attr(el, "src") ?? elementText(el);
}

function css(page: ProbePage, arg: string): unknown {
  const [selector, attribute] = splitOnce(arg, "@");
  const els = selectAll(page, selector);
  if (els.length === 0) return undefined;
  const values = els
    .map((el) => (attribute ? attr(el, attribute) : elementText(el)))
    .filter((x): x is string => !!x);
  return values.length > 1 ? values : values[0];
}

function readSource(source: string, page: ProbePage): unknown {
  const [kind, arg] = splitOnce(source, ":");
  switch (kind) {
    case "ld":
      return firstLd(page, arg!.split("/"));
    case "meta":
      return page.meta.get(arg!.toLowerCase());
    case "css":
      return css(page, arg!);
    case "itemprop":
      return microdata(page, arg!);
    case "text":
      return new RegExp(arg!, "iu").exec(page.text)?.[1];
    default:
      return page.json === undefined ? undefined : walk(page.json, source.split("/"));
  }
}

function readRule(rule: string, page: ProbePage): unknown {
  // Only a trailing `|word` or `|word:arg` is a transform (regexes may contain `|`).
  const m = /^(.*)\|([a-z]+(?::[^|]*)?)$/s.exec(rule);
  const [source, transform] = m ? [m[1]!, m[2]] : [rule, undefined];
  return applyTransform(readSource(source, page), transform);
}

function first(rule: FieldRule | undefined, page: ProbePage): unknown {
  if (!rule) return null;
  for (const r of typeof rule === "string" ? [rule] : rule) {
    const v = readRule(r, page);
    if (v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0)) return v;
  }
  return null;
}

const str = (v: unknown, max: number) => {
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === "string" && s.trim() ? s.trim().slice(0, max) : null;
};

export function extractFromPage(spec: ExtractSpec, page: ProbePage): ExtractedProfile {
  const created = str(first(spec.account_created, page), 64);
  const date = created && !Number.isNaN(Date.parse(created)) ? new Date(created).toISOString() : null;
  const followers = first(spec.followers, page);
  const verified = first(spec.verified, page);
  const links = first(spec.links, page);
  const verifiedLinks = first(spec.verified_links, page);
  return {
    display_name: str(first(spec.display_name, page), 500),
    bio: str(first(spec.bio, page), 4000),
    avatar_url: str(first(spec.avatar_url, page), 2000),
    followers: typeof followers === "number" ? followers : null,
    verified: typeof verified === "boolean" ? verified : spec.verified ? false : null,
    account_created: date,
    links: Array.isArray(links)
      ? [...new Set(links.filter((l): l is string => typeof l === "string"))].slice(0, 50)
      : [],
    verified_links: Array.isArray(verifiedLinks)
      ? [...new Set(verifiedLinks.filter((l): l is string => typeof l === "string"))].slice(0, 50)
      : [],
  };
}

export function extractProfile(spec: ExtractSpec, body: string): ExtractedProfile {
  return extractFromPage(spec, readPage(body, spec));
}
