import type { ExtractSpec, FieldRule } from "./types.ts";

// Reads profile fields out of a probe's body with the catalogue's rules. A rule is
// `source|transform`: a `/`-separated JSON path (`*` maps over an array), `meta:<name>` (a
// <meta> tag's content) or `re:<regex>` (group 1); transforms: count, epoch, html, bool,
// some, eq:<value>, urls, hrefs. Nothing here throws: a field that cannot be read is null.

export interface ExtractedProfile {
  display_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  followers: number | null;
  verified: boolean | null;
  account_created: string | null;
  links: string[];
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  apos: "'",
  nbsp: " ",
};

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&([a-z]+|#39);/gi, (m, n: string) => ENTITIES[n.toLowerCase()] ?? m);
}

function stripHtml(s: string): string {
  return decodeEntities(s.replace(/<br\s*\/?>/gi, "\n").replace(/<[^>]*>/g, " "))
    .replace(/[ \t]+/g, " ")
    .trim();
}

function metaContent(html: string, name: string): string | null {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const a = new RegExp(`<meta[^>]+(?:property|name)="${esc}"[^>]*content="([^"]*)"`, "i").exec(html);
  const b = a ?? new RegExp(`<meta[^>]+content="([^"]*)"[^>]*(?:property|name)="${esc}"`, "i").exec(html);
  return b?.[1] !== undefined ? decodeEntities(b[1]) : null;
}

function walk(value: unknown, path: string[]): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (head === "*") return Array.isArray(value) ? value.map((v) => walk(v, rest)) : undefined;
  if (value === null || typeof value !== "object") return undefined;
  return walk((value as Record<string, unknown>)[head], rest);
}

function toCount(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v !== "string") return null;
  const m = /([\d][\d,.]*)\s*([kmb])?/i.exec(v);
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ""));
  const mult = { k: 1e3, m: 1e6, b: 1e9 }[(m[2] ?? "").toLowerCase() as "k"] ?? 1;
  return Number.isFinite(n) ? Math.round(n * mult) : null;
}

function toUrls(v: unknown): string[] {
  const out: string[] = [];
  const add = (x: unknown) => {
    if (typeof x === "string" && /^https?:\/\//i.test(x.trim())) out.push(x.trim());
    else if (Array.isArray(x)) x.forEach(add);
    else if (x && typeof x === "object") {
      const o = x as Record<string, unknown>;
      add(o.url ?? o.lynx_url ?? o.href ?? o.link);
    }
  };
  add(v);
  return out;
}

function applyTransform(v: unknown, transform: string | undefined): unknown {
  if (v === undefined || v === null) return transform === "bool" ? null : v;
  switch (transform?.split(":")[0]) {
    case undefined:
      return typeof v === "string" ? decodeEntities(v) : v;
    case "count":
      return toCount(v);
    case "epoch": {
      const n = typeof v === "number" ? v : Number(v);
      return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : null;
    }
    case "html":
      return typeof v === "string" ? stripHtml(v) : null;
    case "bool":
      return v === true || v === "true" || (typeof v === "string" && v.length > 0 && v !== "false");
    case "some":
      return Array.isArray(v) ? v.some((x) => x !== null && x !== undefined && x !== "") : Boolean(v);
    case "eq":
      return String(v) === transform!.slice(3);
    case "urls":
      return toUrls(v);
    case "hrefs": {
      const html = Array.isArray(v) ? v.join(" ") : String(v);
      return [...html.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]!));
    }
    default:
      return v;
  }
}

function readRule(rule: string, body: string, json: unknown): unknown {
  const bar = rule.lastIndexOf("|");
  const [source, transform] =
    bar > 0 && !rule.startsWith("re:") ? [rule.slice(0, bar), rule.slice(bar + 1)] : splitRe(rule);
  let v: unknown;
  if (source.startsWith("meta:")) v = metaContent(body, source.slice(5));
  else if (source.startsWith("re:")) v = new RegExp(source.slice(3), "s").exec(body)?.[1];
  else v = json === undefined ? undefined : walk(json, source.split("/"));
  return applyTransform(v, transform);
}

/** `re:` rules may contain `|` in the regex: only a trailing `|word` is a transform. */
function splitRe(rule: string): [string, string | undefined] {
  const m = /^(.*)\|([a-z]+(?::[a-z0-9]+)?)$/s.exec(rule);
  return m ? [m[1]!, m[2]] : [rule, undefined];
}

function first(rule: FieldRule | undefined, body: string, json: unknown): unknown {
  if (!rule) return null;
  for (const r of typeof rule === "string" ? [rule] : rule) {
    const v = readRule(r, body, json);
    if (v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0)) return v;
  }
  return null;
}

function parseJson(spec: ExtractSpec, body: string): unknown {
  if (!spec.json) return undefined;
  try {
    if (spec.json === "body") return JSON.parse(body);
    const m = new RegExp(spec.json.script, "s").exec(body);
    return m?.[1] ? JSON.parse(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

const str = (v: unknown, max: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);

export function extractProfile(spec: ExtractSpec, body: string): ExtractedProfile {
  const json = parseJson(spec, body);
  const created = str(first(spec.account_created, body, json), 64);
  const date = created && !Number.isNaN(Date.parse(created)) ? new Date(created).toISOString() : null;
  const followers = first(spec.followers, body, json);
  const verified = first(spec.verified, body, json);
  const links = first(spec.links, body, json);
  return {
    display_name: str(first(spec.display_name, body, json), 500),
    bio: str(first(spec.bio, body, json), 4000),
    avatar_url: str(first(spec.avatar_url, body, json), 2000),
    followers: typeof followers === "number" ? followers : null,
    verified: typeof verified === "boolean" ? verified : spec.verified ? false : null,
    account_created: date,
    links: Array.isArray(links)
      ? [...new Set(links.filter((l): l is string => typeof l === "string"))].slice(0, 50)
      : [],
  };
}
