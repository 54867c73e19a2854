import type { TSocialPlatform } from "@brandwarden/contract/brand";
import { Parser } from "htmlparser2";

// The links a profile gives back to a web site, read from the platform's real answer (JSON
// parsed, markup through htmlparser2), and whether one of them proves the account is the brand's
// own. A link only claims; ownership needs the other half: the platform checked it (Mastodon's
// `verified_at`, set after it found a rel=me link back on the site), the handle IS the domain
// (Bluesky domain handles, checked by DNS or /.well-known), or the brand's own site links to the
// account (rel=me two-way, as IndieAuth reads it).

type LinkSource =
  | "rel_me"
  | "mastodon_verified"
  | "mastodon_field"
  | "github_blog"
  | "x_url"
  | "website_field"
  | "profile_link";

export interface ProfileLink {
  url: string;
  source: LinkSource;
  /** The platform itself verified that the site links back (Mastodon `verified_at`). */
  platformVerified: boolean;
}

const isRelMe = (rel: string | undefined) => !!rel && rel.toLowerCase().split(/\s+/).includes("me");

/** Absolute http(s) URL of `href` against `base`, or null. A bare host (GitHub `blog`) gets http://. */
function absolute(href: string, base?: string): string | null {
  const h = href.trim();
  if (!h) return null;
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(h) || base ? h : `http://${h}`, base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
}

interface Anchor {
  href: string;
  rel: string | undefined;
  text: string;
}

/** Every `<a href>` and `<link href>` of a document or fragment, with its rel and text. */
export function anchorsOf(html: string): Anchor[] {
  const out: Anchor[] = [];
  const open: Anchor[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if ((name === "a" || name === "link" || name === "area") && attrs.href !== undefined) {
          const a = { href: attrs.href, rel: attrs.rel, text: "" };
          out.push(a);
          if (name === "a") open.push(a);
        }
      },
      ontext(text) {
        for (const a of open) a.text += text;
      },
      onclosetag(name) {
        if (name === "a") open.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

/** The rel=me links of an HTML page (`<a rel="me">`, `<link rel="me">`), absolute, in order, once each. */
export function relMeLinks(html: string, base?: string): string[] {
  const seen = new Set<string>();
  for (const a of anchorsOf(html)) {
    if (!isRelMe(a.rel)) continue;
    const url = absolute(a.href, base);
    if (url) seen.add(url);
  }
  return [...seen];
}

/** The URLs a Mastodon field value names: its links, or the value itself when it is a bare URL. */
function fieldUrls(value: string): string[] {
  const hrefs = anchorsOf(value)
    .map((a) => absolute(a.href))
    .filter((u): u is string => u !== null);
  if (hrefs.length) return hrefs;
  const bare = /^https?:\/\/\S+$/i.test(value.trim()) ? absolute(value) : null;
  return bare ? [bare] : [];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null;
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : null);

function parseJson(body: string): Json | null {
  const t = body.trimStart();
  if (!t.startsWith("{")) return null;
  try {
    return obj(JSON.parse(t));
  } catch {
    return null;
  }
}

/** Links in a platform's JSON account object, by the field each platform documents. */
function jsonLinks(platform: TSocialPlatform, json: Json): ProfileLink[] {
  const out: ProfileLink[] = [];
  const add = (raw: string | null, source: LinkSource, platformVerified = false) => {
    const url = raw ? absolute(raw) : null;
    if (url) out.push({ url, source, platformVerified });
  };
  // Mastodon Account: fields[] {name, value (HTML), verified_at} (docs.joinmastodon.org/entities/Account).
  const fields = Array.isArray(json.fields) ? json.fields : [];
  for (const f of fields.map(obj)) {
    const value = str(f?.value);
    if (!value) continue;
    const verified = str(f?.verified_at) !== null;
    for (const u of fieldUrls(value)) add(u, verified ? "mastodon_verified" : "mastodon_field", verified);
  }
  // GitHub users API: `blog` (free text, often without a scheme).
  if (platform === "github") add(str(json.blog), "github_blog");
  // X API v2 user: `url`, expanded in entities.url.urls[].expanded_url (t.co otherwise).
  if (platform === "x") {
    const data = obj(json.data) ?? json;
    const entities = obj(obj(data.entities)?.url);
    const expanded = Array.isArray(entities?.urls) ? entities.urls.map(obj) : [];
    for (const e of expanded) add(str(e?.expanded_url), "x_url");
    if (!expanded.length) add(str(data.url), "x_url");
  }
  // Other platforms' website fields (Instagram external_url, generic `website`).
  for (const key of ["website", "external_url", "blog"]) if (platform !== "github") add(str(json[key]), "website_field"); // prettier-ignore
  return out;
}

/**
 * What the profile links to, from the raw answer (`body`: JSON account or HTML profile page;
 * null when the prober kept none) and the catalogue's extracted `links`.
 */
export function profileLinks(
  platform: TSocialPlatform,
  body: string | null,
  extracted: readonly string[],
  pageUrl?: string,
  /** Links the platform says it verified (the extractor's `verified_links`). */
  verified: readonly string[] = [],
): ProfileLink[] {
  const out: ProfileLink[] = [];
  for (const v of verified) {
    const url = absolute(v);
    if (url) out.push({ url, source: "mastodon_verified", platformVerified: true });
  }
  if (body) {
    const json = parseJson(body);
    if (json) out.push(...jsonLinks(platform, json).filter((l) => !out.some((o) => o.url === l.url)));
    else for (const url of relMeLinks(body, pageUrl)) out.push({ url, source: "rel_me", platformVerified: false }); // prettier-ignore
  }
  for (const l of extracted) {
    const url = absolute(l);
    if (url && !out.some((o) => o.url === url))
      out.push({ url, source: "profile_link", platformVerified: false });
  }
  return out;
}

/** The owned domain `url` is on (the domain or a subdomain of it), or null. */
export function ownedDomainOf(url: string, owned: readonly string[]): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return null;
  }
  for (const d of owned) {
    const domain = d.toLowerCase();
    if (host === domain || host.endsWith(`.${domain}`)) return domain;
  }
  return null;
}

export interface OwnershipInput {
  platform: TSocialPlatform;
  handle: string;
  links: readonly ProfileLink[];
  ownedDomains: readonly string[];
  /** Whether an owned site links to this account (its homepage's links, read by the caller). */
  linkedFromOwnedSite(platform: TSocialPlatform, handle: string): boolean;
}

const SOURCE_NAMES: Record<LinkSource, string> = {
  rel_me: "rel=me link",
  mastodon_verified: "platform-verified link",
  mastodon_field: "profile field",
  github_blog: "GitHub blog field",
  x_url: "profile website",
  website_field: "website field",
  profile_link: "profile link",
};

/** Why this account is the brand's own (a sentence for the analyst), or null when nothing proves it. */
export function ownershipEvidence(input: OwnershipInput): string | null {
  const { platform, handle, ownedDomains } = input;
  if (platform === "bluesky") {
    const domain = ownedDomainOf(`https://${handle}/`, ownedDomains);
    if (domain) return `Bluesky handle ${handle} is on the owned domain ${domain}`;
  }
  for (const l of input.links) {
    const domain = ownedDomainOf(l.url, ownedDomains);
    if (!domain) continue;
    if (l.platformVerified) return `${SOURCE_NAMES[l.source]} to ${l.url} (owned domain ${domain})`;
    if (input.linkedFromOwnedSite(platform, handle))
      return `${SOURCE_NAMES[l.source]} to ${l.url}, and ${domain} links back to the account`;
  }
  return null;
}
